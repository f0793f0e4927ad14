/**
 * An AIGER reader and simulator for the witness tests, written independently of Vigil's own
 * (`formalisms/frontends/aiger/read.ts`, `formalisms/aig.ts`, `engines/aiger/simulate.ts`), so that a witness is
 * judged by code that shares nothing with the code that made it. It reads ASCII `aag` and binary
 * `aig` (AIGER 1.9: resets, bad states, constraints), and simulates by evaluating gates on demand
 * with memoisation, so gate order in the file does not matter. Also: an `aig` writer (to test the
 * binary reader on real circuits) and an HWMCC witness reader.
 */

export interface Circuit {
  readonly maxVar: number;
  /** Positive literals. */
  readonly inputs: number[];
  readonly latches: { lit: number; next: number; reset: number }[];
  readonly outputs: number[];
  readonly bads: number[];
  readonly constraints: number[];
  /** Gate definitions by variable index: [rhs0, rhs1]. */
  readonly gates: Map<number, [number, number]>;
  /** The symbol table, by entry (`i0`, `l3`, `b0`, ...), when the file has one. */
  readonly symbols?: ReadonlyMap<string, string>;
}

/** Reads `aag` or `aig` bytes. */
export function readAiger(bytes: Uint8Array): Circuit {
  let pos = 0;
  const line = (): string => {
    let end = pos;
    while (end < bytes.length && bytes[end] !== 10) end++;
    const s = Buffer.from(bytes.subarray(pos, end)).toString('latin1').replace(/\r$/, '');
    pos = end + 1;
    return s;
  };
  const nums = (): number[] => line().trim().split(/\s+/).map(Number);
  const header = line().trim().split(/\s+/);
  const binary = header[0] === 'aig';
  if (!binary && header[0] !== 'aag') throw new Error(`not an AIGER file: ${header[0]}`);
  const [M, I, L, O, A, B = 0, C = 0, J = 0, F = 0] = header.slice(1).map(Number) as number[];
  if (J || F) throw new Error('justice and fairness are not simulated');
  const inputs: number[] = [];
  for (let k = 0; k < I!; k++) inputs.push(binary ? 2 * (k + 1) : nums()[0]!);
  const latches: Circuit['latches'] = [];
  for (let k = 0; k < L!; k++) {
    const f = nums();
    const lit = binary ? 2 * (I! + k + 1) : f.shift()!;
    const next = f[0]!;
    const reset = f.length > 1 ? f[1]! : 0;
    latches.push({ lit, next, reset });
  }
  const outputs = Array.from({ length: O! }, () => nums()[0]!);
  const bads = Array.from({ length: B }, () => nums()[0]!);
  const constraints = Array.from({ length: C }, () => nums()[0]!);
  const gates = new Map<number, [number, number]>();
  if (binary) {
    const varint = (): number => {
      let x = 0;
      let shift = 0;
      for (;;) {
        const b = bytes[pos++]!;
        x += (b & 0x7f) * 2 ** shift;
        if (!(b & 0x80)) return x;
        shift += 7;
      }
    };
    for (let k = 0; k < A!; k++) {
      const lhs = 2 * (I! + L! + k + 1);
      const rhs0 = lhs - varint();
      const rhs1 = rhs0 - varint();
      gates.set(lhs >> 1, [rhs0, rhs1]);
    }
  } else {
    for (let k = 0; k < A!; k++) {
      const [lhs, r0, r1] = nums();
      gates.set(lhs! >> 1, [r0!, r1!]);
    }
  }
  const symbols = new Map<string, string>();
  while (pos < bytes.length) {
    const entry = /^([ilobc])(\d+) (.*)$/.exec(line());
    if (!entry) break; // the comment section, or the end
    symbols.set(`${entry[1]}${entry[2]}`, entry[3]!);
  }
  return { maxVar: M!, inputs, latches, outputs, bads, constraints, gates, symbols };
}

/** The binary form of `c`, its variables renumbered in binary order (inputs, latches, gates fanins first). */
export function writeAig(c: Circuit): Uint8Array {
  const renum = new Map<number, number>([[0, 0]]);
  c.inputs.forEach((l) => renum.set(l >> 1, renum.size));
  c.latches.forEach((l) => renum.set(l.lit >> 1, renum.size));
  const order: number[] = [];
  const visit = (v: number) => {
    const stack: [number, boolean][] = [[v, false]];
    while (stack.length) {
      const [x, done] = stack.pop()!;
      if (renum.has(x)) continue;
      if (done) { renum.set(x, renum.size); order.push(x); continue; }
      stack.push([x, true]);
      for (const r of c.gates.get(x)!) if (!renum.has(r >> 1)) stack.push([r >> 1, false]);
    }
  };
  for (const v of c.gates.keys()) visit(v);
  const lit = (l: number) => 2 * renum.get(l >> 1)! + (l & 1);
  const I = c.inputs.length;
  const L = c.latches.length;
  const A = order.length;
  let head = `aig ${I + L + A} ${I} ${L} ${c.outputs.length} ${A} ${c.bads.length} ${c.constraints.length}\n`;
  for (const l of c.latches) head += `${lit(l.next)} ${l.reset === l.lit ? lit(l.lit) : l.reset}\n`;
  for (const x of [...c.outputs, ...c.bads, ...c.constraints]) head += `${lit(x)}\n`;
  const out: number[] = [...Buffer.from(head, 'latin1')];
  const varint = (n: number) => {
    while (n >= 0x80) { out.push((n & 0x7f) | 0x80); n = Math.floor(n / 128); }
    out.push(n);
  };
  for (const v of order) {
    const lhs = 2 * renum.get(v)!;
    const [a, b] = c.gates.get(v)!.map(lit).sort((x, y) => y - x) as [number, number];
    varint(lhs - a);
    varint(a - b);
  }
  return Uint8Array.from(out);
}

export interface Witness {
  readonly result: string;
  readonly properties: string[];
  readonly init: string;
  readonly inputs: string[];
}

/** Reads an HWMCC witness: result line, property line, initial latches, input vectors, `.`. */
export function readWitness(text: string): Witness {
  const lines = text.split(/\r?\n/).filter((l) => !l.startsWith('c'));
  const end = lines.indexOf('.');
  if (end < 0) throw new Error('the witness has no terminating "."');
  const [result, props, init, ...inputs] = lines.slice(0, end);
  return { result: result!, properties: (props ?? '').trim().split(/\s+/), init: init ?? '', inputs };
}

/** Reads an HWMCC witness file with one entry per property, each ending with its `.`. */
export function readWitnesses(text: string): Witness[] {
  const entries: Witness[] = [];
  let rest = text;
  while (rest.trim() !== '') {
    const end = rest.search(/^\.$/m);
    if (end < 0) throw new Error('a witness entry has no terminating "."');
    entries.push(readWitness(rest.slice(0, end + 2)));
    rest = rest.slice(end + 2);
  }
  return entries;
}

/**
 * Simulates `c` from `w`; returns the step at which bad literal `bad` (index into the B section, or
 * the outputs when it is empty) is 1 with every constraint 1 at every step so far, or what is wrong.
 */
export function simulate(c: Circuit, w: Witness, bad: number): { reached: number } | { error: string } {
  const badLit = (c.bads.length ? c.bads : c.outputs)[bad];
  if (badLit === undefined) return { error: `no property ${bad}` };
  if (w.init.length !== c.latches.length) return { error: `${w.init.length} initial values for ${c.latches.length} latches` };
  const state = new Map<number, number>();
  for (const [k, l] of c.latches.entries()) {
    const v = w.init[k];
    if (v !== '0' && v !== '1') return { error: `latch ${k} has initial value '${v}'` };
    if (l.reset !== l.lit && Number(v) !== l.reset) return { error: `latch ${k} starts at ${v}, its reset is ${l.reset}` };
    state.set(l.lit >> 1, Number(v));
  }
  for (const [t, vec] of w.inputs.entries()) {
    if (vec.length !== c.inputs.length || /[^01]/.test(vec)) return { error: `step ${t}: bad input vector '${vec}'` };
    const value = new Map(state);
    c.inputs.forEach((l, k) => value.set(l >> 1, Number(vec[k])));
    const lit = (l: number): number => {
      const v = l >> 1;
      if (v === 0) return l & 1;
      let x = value.get(v);
      if (x === undefined) {
        // Iterative evaluation of the gate cone, since circuits may be deep.
        const stack = [v];
        while (stack.length) {
          const g = stack[stack.length - 1]!;
          const [a, b] = c.gates.get(g)!;
          const pending = [a >> 1, b >> 1].filter((y) => y !== 0 && !value.has(y));
          if (pending.length) { stack.push(...pending); continue; }
          stack.pop();
          const va = (a >> 1 === 0 ? 0 : value.get(a >> 1)!) ^ (a & 1);
          const vb = (b >> 1 === 0 ? 0 : value.get(b >> 1)!) ^ (b & 1);
          value.set(g, va & vb);
        }
        x = value.get(v)!;
      }
      return x ^ (l & 1);
    };
    if (c.constraints.some((l) => lit(l) === 0)) return { error: `a constraint is 0 at step ${t}` };
    if (lit(badLit) === 1) return { reached: t };
    const next = c.latches.map((l) => lit(l.next));
    c.latches.forEach((l, k) => state.set(l.lit >> 1, next[k]!));
  }
  return { error: 'the bad literal never became 1' };
}
