/**
 * Random simulation of a circuit (ABC's `sim`): 64 runs side by side, each node's values in two
 * 32-bit words, from the initial states (a latch without a reset starts at a random value) with
 * every input random at every step. A run that violates a constraint stops counting from that step
 * on; the first run that reaches the bad state is the counterexample, a run like any engine's.
 *
 * It proves nothing, and finds only bugs that many input sequences reach; but it needs no SAT call,
 * and where it finds one it is there before a SAT-based engine has encoded its first frame. A round
 * is the 64 runs, as many steps long as ROUND_WORK allows for the circuit's size (at most
 * MAX_STEPS); each round draws new values.
 *
 * A round is one call into WebAssembly (random-sim.wat, embedded as KERNEL; this module sets up its
 * memory and reads the run back): a round runs once in a process, mostly before V8 would have
 * optimised JavaScript loops, and V8 runs WebAssembly compiled from the start. On
 * `zipcpu-pfcache-p28` (18,398 gates, 21 steps) a first round took 20 ms in JavaScript, 4 ms in
 * WebAssembly with its instantiation; warm, 2.7 and 1.6 ms.
 */
import { andCount, firstGateNode, type Aig } from '../../formalisms/aig.js';
import type { Run } from '../../formalisms/aig-eval.js';
import { TIMEOUT, unknown, type Statistics } from '../../formalisms/result.js';
import type { Engine, Settings } from '../engine.js';
import { SIM_ROUNDS } from './random-sim-options.js';
import { expired, type AigerEngineOptions } from './bounded.js';
import { resultOf, type Outcome } from './outcome.js';

/** Words per node: 64 runs (the kernel is written for two). */
const WORDS = 2;
/** The longest run of a round. */
const MAX_STEPS = 256;
/**
 * Node-word evaluations per round: a few milliseconds (docs/bench/hwmcc/portfolio.md, "Random
 * simulation first").
 */
const ROUND_WORK = 1 << 20;
/** The most memory a round may take (its offsets are 32-bit): a larger circuit is not simulated. */
const MAX_BYTES = 1 << 30;

/** random-sim.wat assembled (`npm run wasm engines/aiger/random-sim.wat`). */
export const KERNEL = 'AGFzbQEAAAABHARgBH9/f38AYAV/f39/fwBgA39/fwF/YAF/AX8CDwEDZW52Bm1lbW9yeQIAAQMGBQABAgIDBxACBGRyYXcAAgVyb3VuZAAECp8FBYQBAQZ/A0AgACgCACEEIAAoAgQhBSABIARBAXZBA3RqIQYgASAFQQF2QQN0aiEHQQAgBEEBcWshCEEAIAVBAXFrIQkgAiAGKAIAIAhzIAcoAgAgCXNxNgIAIAIgBigCBCAIcyAHKAIEIAlzcTYCBCAAQQhqIQAgAkEIaiECIAIgA0kNAAsLcQEFfyACIQkCQANAIAggA08NASAAKAIAIQUgASAFQQF2QQN0aiEGQQAgBUEBcWshByAJIAYoAgAgB3M2AgAgCSAGKAIEIAdzNgIEIABBBGohACAJQQhqIQkgCEEBaiEIDAALCyAEIAIgA0EDdPwKAAALSwEBfyAAIAFBAnRqIQMCQANAIAAgA08NASACIAJBDXRzIQIgAiACQRF2cyECIAIgAkEFdHMhAiAAIAI2AgAgAEEEaiEADAALCyACCx8AIAAgAUEBdkEDdGogAkECdGooAgBBACABQQFxa3MLuAIBCn9BfyEHQX8hCCAAKAIsIQIgACgCICEDAkADQCABIAAoAihPDQEgAyAAKAIkQQJ2IAIQAiECIAAoAgRBCGogAyAAKAIk/AoAACAAKAIIIAAoAgxJBEAgACgCACAAKAIEIAAoAgggACgCDBAACyAAKAIwQQRqIQQgBCAAKAI0QQJ0aiEFAkADQCAEIAVPDQEgBCgCACEGIAcgACgCBCAGQQAQA3EhByAIIAAoAgQgBkEBEANxIQggBEEEaiEEDAALCyAAKAIwKAIAIQYgByAAKAIEIAZBABADcSEJIAggACgCBCAGQQEQA3EhCiAJIApyBEAgACAJNgI4IAAgCjYCPCABDwsgACgCECAAKAIEIAAoAhQgACgCGCAAKAIcEAEgAyAAKAIkaiEDIAFBAWohAQwACwtBfws=';

interface Kernel {
  /** A round as the words at `params` describe it (random-sim.wat): the first step that hits the bad state, or -1. */
  round(params: number): number;
  draw(to: number, words: number, state: number): number;
}

/** The kernel compiled, and its instance over the memory of the last round, one per thread. */
let compiled: WebAssembly.Module | undefined;
let kernel: { readonly memory: WebAssembly.Memory; readonly exports: Kernel } | undefined;

/**
 * An instance over a memory of at least `bytes`: the last one, or a new one over a new memory.
 * Memory is never grown: that detaches its old buffer, and from the first detached buffer on V8's
 * optimised code checks every typed-array access of the process for one, which took IC3 on
 * `pj2016` from 4.2 to 5.0 s after a round.
 */
function instance(bytes: number): { readonly memory: WebAssembly.Memory; readonly exports: Kernel } {
  if (kernel && kernel.memory.buffer.byteLength >= bytes) return kernel;
  compiled ??= new WebAssembly.Module(Buffer.from(KERNEL, 'base64'));
  const memory = new WebAssembly.Memory({ initial: Math.ceil(bytes / 65536) });
  kernel = { memory, exports: new WebAssembly.Instance(compiled, { env: { memory } }).exports as unknown as Kernel };
  return kernel;
}

/** The round's parameters (16 words, the kernel's `round` says which), then the memory's other parts, in bytes. */
const PARAMS = 0;
const HITS = 14;

/** Where a round keeps what in the kernel's memory, in bytes. */
interface Layout {
  /** The bad state's literal, then the constraints'. */
  readonly lits: number;
  readonly fanins: number;
  readonly values: number;
  readonly next: number;
  readonly scratch: number;
  /** The inputs drawn at each step, kept for the counterexample. */
  readonly drawn: number;
  readonly end: number;
}

function layout(aig: Aig, steps: number): Layout {
  const nodes = firstGateNode(aig) + andCount(aig);
  const lits = PARAMS + 64;
  // the 64-bit words of the values aligned, as the kernel reads them in pairs
  const fanins = lits + 8 * Math.ceil((1 + aig.constraints.length) / 2);
  const values = fanins + 4 * aig.fanins.length;
  const next = values + 4 * WORDS * nodes;
  const scratch = next + 8 * Math.ceil(aig.latches.length / 2);
  const drawn = scratch + 4 * WORDS * aig.latches.length;
  return { lits, fanins, values, next, scratch, drawn, end: drawn + 4 * WORDS * aig.inputs.length * steps };
}

/** The next value of the kernel's generator, for the seeds. */
function xorshift(x: number): number {
  x ^= x << 13;
  x ^= x >>> 17;
  return (x ^ (x << 5)) | 0;
}

/** One round: the first run (of 64) to reach the bad state, or undefined; `seed` (non-zero) draws its values. */
function simulateRound(aig: Aig, at: Layout, seed: number, steps: number): Run | undefined {
  const { memory, exports: k } = instance(at.end);
  const m = new Int32Array(memory.buffer);
  const L = aig.latches.length;
  const firstLatch = 1 + aig.inputs.length;
  const latchWords = at.values / 4 + firstLatch * WORDS;
  m[at.lits / 4] = aig.properties[0]!.lit;
  for (let c = 0; c < aig.constraints.length; c++) m[at.lits / 4 + 1 + c] = aig.constraints[c]!.lit;
  m.set(aig.fanins, at.fanins / 4);
  // every other node's words are written before they are read
  m[at.values / 4] = 0;
  m[at.values / 4 + 1] = 0;
  // the latches start random, then those with a reset at it (no call per latch: this runs cold)
  const x = k.draw(4 * latchWords, WORDS * L, seed);
  const nextAt = at.next / 4;
  for (let j = 0; j < L; j++) {
    const l = aig.latches[j]!;
    m[nextAt + j] = l.next;
    if (l.reset === 'x') continue;
    const v = -l.reset;
    m[latchWords + WORDS * j] = v;
    m[latchWords + WORDS * j + 1] = v;
  }
  const start = m.slice(latchWords, latchWords + WORDS * L);
  m.set([
    at.fanins, at.values, at.values + 4 * WORDS * firstGateNode(aig), at.next, at.next, at.scratch, L, 4 * latchWords,
    at.drawn, 4 * WORDS * aig.inputs.length, steps, x, at.lits, aig.constraints.length,
  ], PARAMS / 4);
  const t = k.round(PARAMS);
  if (t < 0) return undefined;
  const w = m[PARAMS / 4 + HITS] !== 0 ? 0 : 1;
  const hit = m[PARAMS / 4 + HITS + w]!;
  return runOf(aig, start, m.subarray(at.drawn / 4), w, Math.clz32(hit & -hit) ^ 31, t);
}

/** Run `bit` of word `w` up to step `last`: its initial latches and its inputs at each step. */
function runOf(aig: Aig, start: Int32Array, drawn: Int32Array, w: number, bit: number, last: number): Run {
  const I = aig.inputs.length;
  const at = (words: Int32Array, k: number) => (words[k * WORDS + w]! >>> bit) & 1;
  return {
    latches: Uint8Array.from(aig.latches, (_, k) => at(start, k)),
    inputs: Array.from({ length: last + 1 }, (_, t) => Uint8Array.from(aig.inputs, (_i, i) => at(drawn, t * I + i))),
  };
}

/** The steps of a round on this circuit: ROUND_WORK node-word evaluations, at least one step. */
function roundSteps(aig: Aig): number {
  const nodes = aig.inputs.length + 2 * aig.latches.length + andCount(aig) + 1;
  return Math.max(1, Math.min(MAX_STEPS, Math.floor(ROUND_WORK / (nodes * WORDS))));
}

/** Random simulation on a circuit: rounds until a run reaches the bad state, or the rounds or the time run out. */
function runSim(circuit: Aig, opts: AigerEngineOptions & { readonly rounds?: number }, started = Date.now()): { outcome: Outcome; stats: Statistics } {
  const rounds = opts.rounds ?? Infinity;
  const steps = roundSteps(circuit);
  let done = 0;
  let outcome: Outcome | undefined;
  const at = layout(circuit, steps);
  if (at.end > MAX_BYTES) outcome = { result: 'unknown', reason: unknown('unsupported', 'the circuit is too large to simulate') };
  while (outcome === undefined) {
    if (done >= rounds) outcome = { result: 'unknown', reason: unknown('bound', `no bad state on ${64 * done} random runs of ${steps} steps`) };
    else if (expired(opts)) outcome = { result: 'unknown', reason: TIMEOUT };
    else {
      opts.onProgress?.({ phase: 'sim', iteration: done, detail: `${64 * done} random runs of ${steps} steps`, stats: { rounds: done } });
      const run = simulateRound(circuit, at, xorshift(0x9e3779b9 + done), steps);
      done++;
      if (run) outcome = { result: 'unsafe', run };
    }
  }
  return { outcome, stats: { timeMs: Date.now() - started, solverChecks: 0, solverTimeMs: 0, rounds: done, steps } };
}

/** Random simulation as the engine for circuits: each task on its circuit. */
export function createEngine(settings: Settings): Engine {
  const rounds = settings[SIM_ROUNDS.name] === undefined ? undefined : Number(settings[SIM_ROUNDS.name]);
  return {
    configuration: (): Record<string, number> => (rounds === undefined ? {} : { rounds }),
    check(task, limits, reporter) {
      const { outcome, stats } = runSim(task.circuit!, { ...limits, ...(rounds === undefined ? {} : { rounds }), onProgress: (p) => reporter.progress(p) });
      return resultOf(outcome, stats);
    },
  };
}
