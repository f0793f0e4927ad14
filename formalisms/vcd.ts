/**
 * Value Change Dump (IEEE 1364-2005, 18.2), the trace format GTKWave and Surfer open, for
 * counterexamples of circuits (`vigil check --vcd`): one module scope named after the circuit,
 * each signal a wire (a word as a vector `x [7:0]`), one time unit per cycle. Cycle t's values are
 * at time t; the dump ends at time `cycles`, so the last cycle has its width too.
 */
import type { Signal, Waveform } from './waveform.js';
import type { Output } from './problem.js';
import type { Certificate } from './certificate.js';
import type { Property } from './property-kinds.js';
import { answerOf } from './property-kinds.js';

/** Identifier codes: printable ASCII from `!` to `~`, base 94. */
function code(k: number): string {
  let s = '';
  do {
    s += String.fromCharCode(33 + (k % 94));
    k = Math.floor(k / 94);
  } while (k > 0);
  return s;
}

/** A reference in the dump: no white space inside, a word with its bit range, a lone bit of a word with its index. */
function reference(s: Signal): string {
  const base = s.name.replace(/\s+/g, '_');
  if (s.lsb !== undefined) return `${base} [${s.lsb + s.width - 1}:${s.lsb}]`;
  const bit = /^(.*)\[(\d+)\]$/.exec(base);
  return bit ? `${bit[1]} [${bit[2]}]` : base;
}

function change(s: Signal, id: string, v: bigint): string {
  return s.width === 1 ? `${v}${id}` : `b${v.toString(2)} ${id}`;
}

interface VcdHeader {
  /** The tool and its version (`vigil 0.1.0`). */
  readonly version: string;
  /** What the dump shows (`counterexample to b0 of design.aag`). */
  readonly comment: string;
}

export function vcdText(w: Waveform, header: VcdHeader): string {
  const ids = w.signals.map((_, k) => code(k));
  const out = [
    `$version ${header.version} $end`,
    `$comment ${header.comment}; one time unit per cycle $end`,
    '$timescale 1ns $end',
    `$scope module ${w.name.replace(/\s+/g, '_')} $end`,
    ...w.signals.map((s, k) => `$var wire ${s.width} ${ids[k]} ${reference(s)} $end`),
    '$upscope $end',
    '$enddefinitions $end',
  ];
  for (let t = 0; t < w.cycles; t++) {
    const changes = w.signals.flatMap((s, k) => (t === 0 || s.values[t] !== s.values[t - 1] ? [change(s, ids[k]!, s.values[t]!)] : []));
    if (t === 0) out.push('#0', '$dumpvars', ...changes, '$end');
    else if (changes.length > 0) out.push(`#${t}`, ...changes);
  }
  out.push(`#${w.cycles}`);
  return `${out.join('\n')}\n`;
}

/** `--vcd` as a circuit format offers it: the waveform of each failing property's counterexample. */
export function vcdOutput(model: string, waveform: (p: Property, c: Certificate) => Waveform): Output {
  return {
    name: 'vcd',
    scope: 'property',
    download: '.vcd',
    write: ([c]) => {
      const { property: p, result: r } = c!;
      if (r.verdict === 'unknown' || answerOf(r.verdict) !== 'fails') return undefined;
      return vcdText(waveform(p, r.certificate), { version: 'Vigil', comment: `counterexample to ${p.name} of ${model}` });
    },
  };
}
