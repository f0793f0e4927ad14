/**
 * The BTOR2 front end's problem: one safety property per `bad` line (`b0`, `b1`, ... in file
 * order), each with its word-level view (words.ts) as `model(p)`, and the whole model bit-blasted
 * into a circuit (blast.ts) as `circuit` when blasting applies, so that the bit-level engines run on
 * it as on an AIGER file; where it does not (arrays of more than 2^8 elements), `notBlasted` says
 * why and only the word-level engines apply. `fair` and `justice` lines are read and not checked:
 * a justice property is a warning, or the reason there is nothing to check.
 *
 * Certificates stay in BTOR2's terms where they can: a counterexample of either level (a trace of
 * the view, or a run of the circuit) becomes a btorsim witness (`btor2.witness`), which the
 * certificate check replays on the BTOR2 simulator; a run of the circuit is shown as a trace of the
 * words, and an invariant over the circuit's latches as one over the words' bits.
 */
import { InputError } from '../../../lang/errors.js';
import {
  True, and, arrayValue, bv, eq, extract, or, read, ref, type Expr, type VarDecl,
} from '../../../lang/expr.js';
import { bvType } from '../../../lang/types.js';
import type { Lit } from '../../aig.js';
import { identifier } from '../../aiger-sts.js';
import type { Interpreter, Location } from '../../interpreter.js';
import { plural } from '../../plural.js';
import { Views, theoriesOf, type Problem, type Property } from '../../problem.js';
import { printSts } from '../../sts-print.js';
import { stsInterpreter } from '../../sts-semantics.js';
import type { Trace, TraceState } from '../../trace.js';
import { CircuitModel } from '../aiger.js';
import type { SafeCertificate, UnsafeCertificate } from '../../../certificates/certificate.js';
import type { Btor2Model, Sort } from './model.js';
import { blast, runOfCircuit, type Blasted } from './blast.js';
import { Simulation, isArray, type Btor2Run, type Value } from './simulate.js';
import { printWitness } from './witness.js';
import { WordLevel, runOfTrace, type WordLevelView } from './words.js';

/** What the certificate check needs to check a counterexample in BTOR2's terms. */
export interface Btor2Certificates {
  readonly model: Btor2Model;
  /** The btorsim witness of an UNSAFE certificate of a property. */
  witness(p: Property, c: UnsafeCertificate): string;
}

/** A model value as a literal expression of its sort. */
function literal(v: Value, sort: Sort): Expr {
  if (sort.kind === 'bitvec') return bv(v as bigint, sort.width);
  const iw = (sort.index as { width: number }).width;
  const ew = (sort.element as { width: number }).width;
  if (!isArray(v)) throw new Error('a bit-vector value for an array');
  return arrayValue(bvType(iw), [...v.entries].map(([i, x]) => [bv(i, iw), bv(x, ew)] as const), bv(v.dflt, ew));
}

/** `source`, the file's text, is quoted in the messages about it. */
export function btor2Problem(file: string, model: Btor2Model, source?: string): Problem {
  const words = new WordLevel(model);
  const name = identifier((file.split(/[\\/]/).pop() ?? file).replace(/\.btor2?$/i, ''), 'model', new Set());
  const views = new Views<WordLevelView>((p) => words.view(p.index, name));
  const models = new Views<Interpreter>((p) => {
    const view = views.of(p);
    return stsInterpreter(view.sts, 'sts', view.inputs.filter((v): v is VarDecl => v !== undefined));
  });
  const blasted = blast(model);
  const bits: Blasted | undefined = 'blasted' in blasted ? blasted.blasted : undefined;
  const circuit = bits && new CircuitModel(bits.aiger);
  const properties: Property[] = model.bads.map((_, index) => ({ name: `b${index}`, kind: 'safety' as const, index }));
  const vars = [...model.states.map((s) => words.variable(s.node.id)), ...model.inputs.map((n) => words.variable(n.id))];

  /** The btorsim run of an UNSAFE certificate: a trace of the view, or a run of the circuit. */
  const runOf = (p: Property, c: UnsafeCertificate): Btor2Run => {
    if (c.kind === 'trace') return runOfTrace(model, views.of(p), c.trace.states);
    if (!bits) throw new Error('a circuit witness for a model that was not blasted');
    return runOfCircuit(model, bits, c.run);
  };

  /** A run of the model as a trace of the property's view: every variable of the view at every step. */
  const traceOf = (p: Property, run: Btor2Run): Trace => {
    const view = views.of(p);
    const interpreter = models.of(p);
    const sim = new Simulation(model);
    const states: TraceState[] = run.map((choices) => {
      sim.advance(choices);
      const vals = new Map<VarDecl, Expr>();
      view.states.forEach((v, k) => { if (v) vals.set(v, literal(sim.value(model.states[k]!.node.id), model.states[k]!.node.sort)); });
      view.inputs.forEach((v, k) => { if (v) vals.set(v, literal(sim.value(model.inputs[k]!.id), model.inputs[k]!.sort)); });
      return { loc: interpreter.initLoc, vals };
    });
    const action = interpreter.actions(interpreter.initLoc)[0]!;
    return { states, actions: states.slice(1).map(() => action), choices: states.slice(1).map(() => new Map()) };
  };

  /** A latch literal of the circuit as a condition on a state's bit; undefined for `started`. */
  const latchBits = new Map<number, { state: number; bit: number }>();
  bits?.leaves.forEach((lits, state) => lits?.forEach((lit, bit) => latchBits.set(lit, { state, bit })));
  const bitCondition = (lit: Lit): Expr | undefined => {
    const at = latchBits.get(lit & ~1);
    if (!at) return undefined;
    const s = model.states[at.state]!;
    const v = ref(words.variable(s.node.id));
    const sort = s.node.sort;
    let word = v;
    let bit = at.bit;
    if (sort.kind === 'array') {
      const ew = (sort.element as { width: number }).width;
      const iw = (sort.index as { width: number }).width;
      word = read(v, bv(Math.floor(bit / ew), iw));
      bit %= ew;
    }
    return eq(extract(word, bit + 1, bit), bv(lit & 1 ? 0 : 1, 1));
  };

  const justices = model.justices.map((j, k) => new InputError(file, j.line, j.column,
    `justice property j${k} is not checked: Vigil checks bad state properties (b0, b1, ...), not liveness yet`, source));
  const summaryOf = () => {
    const arrays = model.states.filter((s) => s.node.sort.kind === 'array').length;
    const parts = [
      `${plural(model.inputs.length, 'input')}, ${plural(model.states.length, 'state')}${arrays ? ` (${arrays} array${arrays === 1 ? '' : 's'})` : ''}`,
      `${plural(model.bads.length, 'bad state property')}${model.constraints.length ? `, ${plural(model.constraints.length, 'constraint')}` : ''}`
        + `${model.justices.length ? `, ${plural(model.justices.length, 'justice property')} (not checked)` : ''}`,
      bits
        ? `bit-blasted: ${plural(bits.aiger.inputs.length, 'input')}, ${plural(bits.aiger.latches.length, 'latch')}, ${plural(bits.aiger.ands.length / 3, 'and')}`
        : `word level only: ${(blasted as { refused: string }).refused}`,
    ];
    return `btor2; ${parts.join('; ')}`;
  };

  return {
    file,
    formalism: 'btor2',
    warnings: model.bads.length > 0 ? justices : [],
    properties,
    ...(properties.length > 0 ? {} : {
      noProperty: justices[0] ?? new InputError(file, 1, 1, 'the model has no bad state property to check', source),
    }),
    theories: theoriesOf(vars),
    summary: summaryOf,
    model: (p) => models.of(p),
    ...(circuit ? { circuit } : { notBlasted: (blasted as { refused: string }).refused }),
    btor2: { model, witness: (p, c) => printWitness(model, p.index, runOf(p, c)) },
    trace: (p: Property, c: UnsafeCertificate): Trace => (c.kind === 'trace' ? c.trace : traceOf(p, runOf(p, c))),
    invariant(p: Property, c: SafeCertificate): ReadonlyMap<Location, Expr> {
      if (c.kind !== 'witness-circuit') return c.invariant;
      // the clauses over the circuit's latches (numbered as blast.ts numbers them), shown without
      // those that mention `started`
      const clauses = c.clauses.map((cl) => cl.map(bitCondition)).filter((cl): cl is Expr[] => cl.every((x) => x !== undefined));
      return new Map([[models.of(p).initLoc, clauses.length === 0 ? True : and(...clauses.map((cl) => or(...cl)))]]);
    },
    certificateText(p: Property, c: SafeCertificate): string {
      if (c.kind === 'witness-circuit') return circuit!.certificateFile(p, c, 'aag') as string;
      const sts = views.of(p).sts;
      const inv = c.invariant.get(models.of(p).initLoc)!;
      const header = `// ${c.kind === 'k-invariant' ? `${c.k}-inductive invariant (with the property)` : 'Inductive invariant'} of ${p.name} of ${file}, found and checked by vigil:\n// the word-level model with the property replaced by the invariant.\n`;
      return header + printSts({ ...sts, prop: c.kind === 'k-invariant' ? and(inv, sts.prop) : inv });
    },
  };
}
