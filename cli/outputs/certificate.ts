/**
 * `--certificate FILE`: the inductive invariant of a SAFE verdict, in the model's own syntax.
 *
 * - CFA (`.cfa`, `.theta`): `//` comment lines, then one line `LOCATION: EXPRESSION` per location in
 *   the CFA expression syntax (`false` for a location no reachable state reaches). Each expression
 *   holds at its location in every reachable state, the set is closed under every edge, and the error
 *   location's expression is `false`.
 * - STS: the model itself, printed back, with its property replaced by the invariant: the file reads
 *   as an STS, and checking it proves the invariant again (it is inductive, so it holds).
 * - AIGER: an ASCII AIGER 1.9 circuit: the file's inputs, latches (with their resets), gates and
 *   constraints, the checked property as its single bad literal `b0` (an output when the file had no
 *   B section), plus gates computing the invariant, which is the single output `o0 invariant`. It
 *   speaks about the file's latches (and, for invariants found by CEGAR on the circuit's STS, the
 *   current inputs): under the constraints it holds initially, implies that the bad literal is 0, and
 *   holds again after every step. Latches that the reductions proved constant are fixed to their value
 *   inside it. Checking the certificate as a circuit checks the original property again.
 */
import { printExpr } from '../../lang/print.js';
import { False, type Expr } from '../../lang/expr.js';
import type { Interpreter, Location } from '../../formalisms/interpreter.js';
import { printSts } from '../../formalisms/sts-print.js';
import type { Sts } from '../../formalisms/sts.js';
import type { Circuit } from './circuit.js';

export function cfaCertificate(file: string, model: Interpreter, invariant: ReadonlyMap<Location, Expr>): string {
  const lines = [
    `// Inductive invariant of ${model.name} (${file}), found and checked by vigil.`,
    '// One line per location, LOCATION: EXPRESSION in the CFA expression syntax. Every reachable',
    '// state at a location satisfies its expression; the expressions hold at the initial location',
    '// initially, are preserved by every edge, and exclude the error location.',
  ];
  for (const l of model.locations) lines.push(`${l.name}: ${printExpr(invariant.get(l) ?? False, 'cfa')}`);
  return `${lines.join('\n')}\n`;
}

export function stsCertificate(file: string, sts: Sts, invariant: Expr): string {
  const header = [
    `// Inductive invariant of ${sts.name} (${file}), found and checked by vigil: the model with its`,
    '// property replaced by the invariant. It holds initially and is preserved by every transition',
    `// (so checking this file proves it again), and it implies the original property.`,
  ];
  return `${header.join('\n')}\n${printSts({ ...sts, prop: invariant })}`;
}

/** Gates appended to a circuit, over AIGER literals; trivial cases fold, equal gates are shared. */
class Gates {
  readonly ands: [number, number, number][] = [];
  private readonly known = new Map<string, number>();

  constructor(private maxVar: number) {}

  get max(): number { return this.maxVar; }

  and(a: number, b: number): number {
    if (a < b) [a, b] = [b, a];
    if (b === 0) return 0;
    if (b === 1 || a === b) return a;
    if (a === (b ^ 1)) return 0;
    const key = `${a} ${b}`;
    const old = this.known.get(key);
    if (old !== undefined) return old;
    const lit = 2 * ++this.maxVar;
    this.ands.push([lit, a, b]);
    this.known.set(key, lit);
    return lit;
  }

  or(a: number, b: number): number {
    return this.and(a ^ 1, b ^ 1) ^ 1;
  }

  iff(a: number, b: number): number {
    return this.or(this.and(a, b), this.and(a ^ 1, b ^ 1));
  }
}

/** The literal computing a Boolean expression over the circuit's variables. */
function lower(e: Expr, leaf: (name: string) => number, g: Gates, memo = new Map<Expr, number>()): number {
  const done = memo.get(e);
  if (done !== undefined) return done;
  const arg = (k: number) => lower(e.args[k]!, leaf, g, memo);
  const args = () => e.args.map((_, k) => arg(k));
  let lit: number;
  switch (e.op) {
    case 'lit': lit = e.value === true ? 1 : 0; break;
    case 'var': lit = leaf(e.decl!.name); break;
    case 'not': lit = arg(0) ^ 1; break;
    case 'and': lit = args().reduce((a, b) => g.and(a, b), 1); break;
    case 'or': lit = args().reduce((a, b) => g.or(a, b), 0); break;
    case 'imply': lit = g.or(arg(0) ^ 1, arg(1)); break;
    case 'iff': case 'eq': lit = g.iff(arg(0), arg(1)); break;
    case 'xor': case 'neq': lit = g.iff(arg(0), arg(1)) ^ 1; break;
    case 'ite': {
      const c = arg(0);
      lit = g.or(g.and(c, arg(1)), g.and(c ^ 1, arg(2)));
      break;
    }
    default: throw new Error(`a circuit invariant cannot contain '${e.op}'`);
  }
  memo.set(e, lit);
  return lit;
}

export function aigerCertificate(path: string, circuit: Circuit, invariant: Expr): string {
  const { file, sts, constants } = circuit;
  const literalOf = new Map<string, number>();
  sts.inputs.forEach((v, k) => literalOf.set(v.name, file.inputs[k]!));
  sts.latches.forEach((v, k) => literalOf.set(v.name, file.latches[k]!.lit));
  const gates = new Gates(file.maxVar);
  let inv = lower(invariant, (name) => {
    const lit = literalOf.get(name);
    if (lit === undefined) throw new Error(`the invariant mentions ${name}, which is not an input or latch of ${path}`);
    return lit;
  }, gates);
  for (const [k, value] of constants) inv = gates.and(inv, file.latches[k]!.lit ^ (value ^ 1));
  const { index, name } = sts.property;
  const bad = (file.bads.length > 0 ? file.bads : file.outputs)[index]!;
  const { inputs, latches, constraints } = file;
  const lines = [
    `aag ${gates.max} ${inputs.length} ${latches.length} 1 ${file.ands.length + gates.ands.length} 1${constraints.length ? ` ${constraints.length}` : ''}`,
    ...inputs.map(String),
    ...latches.map((l) => `${l.lit} ${l.next} ${l.reset === 'x' ? l.lit : l.reset}`),
    String(inv),
    String(bad),
    ...constraints.map(String),
    ...[...file.ands, ...gates.ands].map((a) => a.join(' ')),
  ];
  const symbols = (kind: string, names: ReadonlyMap<number, string>) => {
    for (const [k, n] of [...names].sort((x, y) => x[0] - y[0])) lines.push(`${kind}${k} ${n}`);
  };
  symbols('i', file.symbols.inputs);
  symbols('l', file.symbols.latches);
  lines.push('o0 invariant');
  if (name !== undefined) lines.push(`b0 ${name}`);
  symbols('c', file.symbols.constraints);
  lines.push('c',
    `Certificate of ${path} by vigil: output o0 is an inductive invariant over the latches.`,
    `Under the constraints it holds in every initial state, implies that b0 (property ${index} of the file) is 0,`,
    'and holds again after every step.');
  return `${lines.join('\n')}\n`;
}
