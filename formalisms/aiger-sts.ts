/**
 * From an and-inverter graph to a symbolic transition system over Booleans (formats.md 4.5-4.6).
 *
 * One Bool variable per input and per latch; AND gates are inlined as hash-consed `and`/`not`
 * expressions (shared subterms stay shared, so the STS is as small as the graph), built bottom-up
 * in node order, which puts fanins first. Unlike Theta, reset values are honoured: a latch with
 * reset 0 or 1 is fixed in the initial condition, an uninitialised one is left free. Each latch's
 * next value is `l' iff next(l)`; inputs are unconstrained. Invariant constraints become STS
 * invariants, which has the AIGER meaning: a state (latches with the step's inputs) violating one is
 * neither initial nor reachable. The property says the chosen bad literal is 0.
 */
import { InputError } from '../lang/errors.js';
import { False, True, and, declareVar, iff, not, prime, ref, type Expr, type VarDecl } from '../lang/expr.js';
import { BoolT } from '../lang/types.js';
import { andCount, combinationalCone, firstGateNode, type Aig, type AigSignal, type Lit } from './aig.js';
import type { Sts } from './sts.js';

export interface AigerSts {
  readonly sts: Sts;
  /** The input at each file position (inputs the graph dropped have none). */
  readonly inputs: ReadonlyMap<number, VarDecl>;
  /** The latch at each file position (latches the graph dropped have none). */
  readonly latches: ReadonlyMap<number, VarDecl>;
  /** The property checked. */
  readonly property: AigSignal;
}

/** Words the STS language reserves (formats.md 3.1). */
const RESERVED = new Set(('specification const var system property models G invariant initial transition bool int rat '
  + 'if then else equal imply forall exists or and xor not mod rem true false havoc assume').split(' '));

/** An identifier the STS printer can print, made from `raw` (or `fallback`), distinct from those in `used`. */
export function identifier(raw: string | undefined, fallback: string, used: Set<string>): string {
  let name = (raw ?? '').replace(/[^A-Za-z0-9_]/g, '_');
  if (name === '') name = fallback;
  if (/^[0-9]/.test(name)) name = `_${name}`;
  if (RESERVED.has(name)) name = `${name}_`;
  let unique = name;
  for (let k = 2; used.has(unique); k++) unique = `${name}_${k}`;
  used.add(unique);
  return unique;
}

function baseName(file: string): string {
  return (file.split(/[\\/]/).pop() ?? file).replace(/\.(aag|aig)$/i, '');
}

/** The variables of the STS of `aig` and its names, without the formulas (cheap: no gate is visited). */
export interface AigerStsNames {
  readonly name: string;
  readonly propName: string;
  readonly inputVars: readonly VarDecl[];
  readonly latchVars: readonly VarDecl[];
  /** The input at each file position (inputs the graph dropped have none). */
  readonly inputs: ReadonlyMap<number, VarDecl>;
  /** The latch at each file position (latches the graph dropped have none). */
  readonly latches: ReadonlyMap<number, VarDecl>;
  readonly property: AigSignal;
}

export function stsNames(aig: Aig, property = 0): AigerStsNames {
  const prop = aig.properties[property];
  if (!prop) {
    const reason = aig.properties.length === 0
      ? 'the circuit has no bad-state property or output to check'
      : `property ${property} does not exist: the circuit has ${aig.properties.length}`;
    throw new InputError(aig.file, 1, 1, reason);
  }

  const used = new Set<string>();
  const inputs = new Map<number, VarDecl>();
  const latches = new Map<number, VarDecl>();
  const inputVars = aig.inputs.map((input) => {
    const v = declareVar(identifier(input.name, `i${input.index}`, used), BoolT);
    inputs.set(input.index, v);
    return v;
  });
  const latchVars = aig.latches.map((latch) => {
    const v = declareVar(identifier(latch.name, `l${latch.index}`, used), BoolT);
    latches.set(latch.index, v);
    return v;
  });
  return {
    name: identifier(baseName(aig.file), 'circuit', new Set()),
    propName: identifier(prop.name, `${prop.section === 'bad' ? 'b' : 'o'}${prop.index}`, new Set()),
    inputVars, latchVars, inputs, latches, property: prop,
  };
}

/** The STS of `aig` for its `property`-th bad-state property (0-based), over the variables `names` declares. */
export function aigerToSts(aig: Aig, property = 0, names = stsNames(aig, property)): AigerSts {
  const { inputVars, latchVars, inputs, latches, property: prop } = names;
  const firstGate = firstGateNode(aig);
  const node: (Expr | undefined)[] = new Array(firstGate + andCount(aig));
  node[0] = False;
  inputVars.forEach((v, k) => { node[1 + k] = ref(v); });
  latchVars.forEach((v, k) => { node[1 + aig.inputs.length + k] = ref(v); });

  // Only the gates something refers to become expressions, built in one ascending pass
  const needed = combinationalCone(aig, [prop.lit, ...aig.constraints.map((c) => c.lit), ...aig.latches.map((l) => l.next)]);
  const lit = (l: Lit): Expr => {
    if (l === 1) return True;
    const e = node[l >> 1]!;
    return l & 1 ? not(e) : e;
  };
  for (let n = firstGate; n < node.length; n++) {
    if (needed[n]) node[n] = and(lit(aig.fanins[2 * (n - firstGate)]!), lit(aig.fanins[2 * (n - firstGate) + 1]!));
  }

  const inits: Expr[] = [];
  aig.latches.forEach((latch, k) => {
    if (latch.reset !== 'x') inits.push(latch.reset === 1 ? ref(latchVars[k]!) : not(ref(latchVars[k]!)));
  });
  const sts: Sts = {
    name: names.name,
    propName: names.propName,
    vars: [...inputVars, ...latchVars],
    invariants: aig.constraints.map((c) => lit(c.lit)),
    inits,
    transitions: aig.latches.map((latch, k) => iff(prime(ref(latchVars[k]!)), lit(latch.next))),
    prop: lit(prop.lit ^ 1),
  };
  return { sts, inputs, latches, property: prop };
}
