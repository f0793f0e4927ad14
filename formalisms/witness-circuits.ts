/**
 * Witness circuits in certifaiger's format for a property of a circuit (Yu, Froleyks, Biere et al.):
 * the circuit with an invariant joined to the property (bad' = bad or not invariant) and the
 * invariant as output `o0`, in the consecutive numbering certifaiger expects, and the certificate
 * file that holds one, with the comment naming the model and the property as HWMCC's certified track
 * asks. The invariant is given as clauses over the circuit's latch literals (the bit-level engines'),
 * or as a Boolean expression over variables that name the circuit's inputs and latches (a
 * word-level engine's invariant of a circuit's transition system). Every front end with a circuit
 * (AIGER, bit-blasted BTOR2) writes its proofs this way.
 */
import { FALSE_LIT, TRUE_LIT, extendAig, type Aig, type Lit } from './aig.js';
import { printAag, printAig } from './aig-print.js';
import type { Clause, SignalFacts } from './certificate.js';
import type { Expr, VarDecl } from '../lang/expr.js';

/** The property a witness circuit proves: its position among the circuit's properties, and its name. */
interface CircuitProperty {
  readonly index: number;
  readonly name: string;
}

/** `a | b` over literals, from a gate constructor. */
function orWith(and: (a: Lit, b: Lit) => Lit) {
  return (a: Lit, b: Lit): Lit => and(a ^ 1, b ^ 1) ^ 1;
}

/** The circuit with the invariant (built by `invariant` with the gate constructor) joined to the property. */
function withInvariant(aig: Aig, p: CircuitProperty, invariant: (and: (a: Lit, b: Lit) => Lit) => Lit): Aig {
  const prop = aig.properties[p.index]!;
  return extendAig(aig, (and) => {
    const inv = invariant(and);
    return [
      { lit: orWith(and)(prop.lit, inv ^ 1), section: 'bad', index: 0, name: `${p.name} or not invariant` },
      { lit: inv, section: 'output', index: 0, name: 'invariant' },
    ];
  });
}

/** The witness circuit of an invariant given as clauses over the circuit's latch literals, with equivalences of its signals. */
export function clausesWitness(aig: Aig, p: CircuitProperty, clauses: readonly Clause[], signals?: SignalFacts): Aig {
  return withInvariant(aig, p, (and) => clauses.reduce((inv, c) => and(inv, c.reduce(orWith(and), FALSE_LIT)), signals ? signalsHold(signals, fileLeaves(aig), and) : TRUE_LIT));
}

/** The literals of a circuit's inputs and latches by file position (inputs and latches in file order, as the front ends' circuits have them). */
function fileLeaves(aig: Aig): Leaves {
  return { input: (k) => 2 * (1 + k), latch: (k) => 2 * (1 + aig.inputs.length + k) };
}

/** Where a graph over file positions finds its leaves. */
interface Leaves {
  input(position: number): Lit;
  latch(position: number): Lit;
}

/** The literal that says every equivalence of `signals` holds, built with `and` over the leaves' literals. */
export function signalsHold(signals: SignalFacts, leaves: Leaves, and: (a: Lit, b: Lit) => Lit): Lit {
  const node: Lit[] = [FALSE_LIT, ...signals.inputs.map(leaves.input), ...signals.latches.map(leaves.latch)];
  const lit = (l: Lit) => node[l >> 1]! ^ (l & 1);
  for (let g = 0; g < signals.fanins.length; g += 2) node.push(and(lit(signals.fanins[g]!), lit(signals.fanins[g + 1]!)));
  const or = orWith(and);
  const iff = (a: Lit, b: Lit) => or(and(a, b), and(a ^ 1, b ^ 1));
  return signals.pairs.reduce((all, [a, b]) => and(all, iff(lit(a), lit(b))), TRUE_LIT);
}

/** The witness circuit of an invariant over variables that `leaf` maps to the circuit's input and latch literals, and `units` besides. */
export function exprWitness(aig: Aig, p: CircuitProperty, invariant: Expr, leaf: ReadonlyMap<VarDecl, Lit>, units: readonly Clause[] = []): Aig {
  return withInvariant(aig, p, (and) => units.reduce((acc, c) => and(acc, c.reduce(orWith(and), FALSE_LIT)), lower(invariant, leaf, and)));
}

/** The literal computing a Boolean expression over the circuit's variables. */
function lower(e: Expr, leaf: ReadonlyMap<VarDecl, Lit>, and: (a: Lit, b: Lit) => Lit, memo = new Map<Expr, Lit>()): Lit {
  const done = memo.get(e);
  if (done !== undefined) return done;
  const or2 = orWith(and);
  const iff = (a: Lit, b: Lit) => or2(and(a, b), and(a ^ 1, b ^ 1));
  const arg = (k: number) => lower(e.args[k]!, leaf, and, memo);
  const args = () => e.args.map((_, k) => arg(k));
  let lit: Lit;
  switch (e.op) {
    case 'lit': lit = e.value === true ? TRUE_LIT : FALSE_LIT; break;
    case 'var': {
      const l = leaf.get(e.decl!);
      if (l === undefined) throw new Error(`a circuit invariant mentions ${e.decl!.name}, which is not an input or latch`);
      lit = l;
      break;
    }
    case 'not': lit = arg(0) ^ 1; break;
    case 'and': lit = args().reduce(and, TRUE_LIT); break;
    case 'or': lit = args().reduce(or2, FALSE_LIT); break;
    case 'imply': lit = or2(arg(0) ^ 1, arg(1)); break;
    case 'iff': case 'eq': lit = iff(arg(0), arg(1)); break;
    case 'xor': case 'neq': lit = iff(arg(0), arg(1)) ^ 1; break;
    case 'ite': {
      const c = arg(0);
      lit = or2(and(c, arg(1)), and(c ^ 1, arg(2)));
      break;
    }
    default: throw new Error(`a circuit invariant cannot contain '${e.op}'`);
  }
  memo.set(e, lit);
  return lit;
}

/** What a certificate file holds: a witness circuit (of a proof by k-induction when `k` is given), or a k-inductive invariant as o0. */
type WitnessFileKind = { readonly kind: 'witness'; readonly k?: number } | { readonly kind: 'k-invariant'; readonly k: number; readonly simplePath: boolean };

/** A witness circuit as a certificate file of `model` (its name), ASCII or binary AIGER, with the comments HWMCC's certified track reads. */
/** Whether a circuit file goes to `path` in binary AIGER: its name says `.aig`, or it leaves the encoding open and the caller prefers binary (HWMCC's harness). */
export function binaryPath(path: string, options?: { readonly preferBinary?: boolean }): boolean {
  return path.endsWith('.aig') || (options?.preferBinary === true && !path.endsWith('.aag'));
}

export function witnessFile(model: string, p: CircuitProperty, hwmccName: string, witness: Aig, what: WitnessFileKind, binary: boolean): string | Uint8Array {
  const comments = what.kind === 'k-invariant'
    ? [`Certificate of ${model} by vigil: property ${p.name} with the ${what.k}-inductive invariant o0${what.simplePath ? ' (over simple paths)' : ''}.`,
      'Not a witness circuit: b0 (the property, or o0 being false) is k-inductive, not 1-inductive.']
    : [`WITNESS ${hwmccName} ${model}`,
      `Certificate of ${model} by vigil: a witness circuit (certifaiger's format) for property ${p.name}.`,
      'Its inputs and latches are the file\'s, in order; b0 is the property or the invariant o0 being false.',
      ...(what.k !== undefined ? [`A proof by ${what.k}-induction: the latches after the file's remember the last ${what.k - 1} states and whether they were taken.`] : []),
      'Under the constraints, b0 is 0 in every initial state and stays 0 after every step.'];
  return binary ? printAig(witness, { comments }) : printAag(witness, { comments });
}
