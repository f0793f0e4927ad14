/**
 * The BTOR2 front end's problem: one safety property per `bad` line (`b0`, `b1`, ... in file
 * order). Each property's task has the word-level view (words.ts: an STS over bit-vectors and
 * arrays) as its model and, where blasting applies (blast.ts: arrays of up to 2^8 elements), the
 * bit-blasted circuit with the property as its only bad state; the engines that check circuits get
 * the circuit (engines/passes/circuit.ts, `bits`), the others the words. Each `justice` line is a
 * liveness property (`j0`, `j1`, ... after the bad states) under the `fair` lines, checked on the
 * blasted circuit as an AIGER file's justice property is: its task, answers, claims and result files
 * are the AIGER front end's for the blasted circuit (liveness-to-safety, k-liveness and the lasso
 * search run there, one implementation for both formats); a lasso is also written as a btorsim
 * witness. On a model that is not blasted, the justice properties are not checked (a warning).
 *
 * What a result claims is said in BTOR2's terms: every counterexample, of either level, is a btorsim
 * witness replayed on the BTOR2 simulator (and a run of the circuit is also an HWMCC witness of it);
 * a proof by a word-level engine is its invariant over the words, checked in Z3; a proof by a
 * bit-level engine is a witness circuit for the blasted circuit, checked by certifaiger's rules,
 * whose being the file's model rests on the blaster (tested against the simulator). A
 * counterexample is also the model's words per step (waveform.ts): `--vcd` writes them as a Value
 * Change Dump, and the report draws them.
 */
import { InputError } from '../../../lang/errors.js';
import { FileError } from '../frontend.js';
import { True, and, arrayValue, bv, eq, extract, or, read, ref, type Expr, type VarDecl } from '../../../lang/expr.js';
import { bvType } from '../../../lang/types.js';
import { aigFromFile, withProperty, type Aig, type Lit } from '../../aig.js';
import type { Run } from '../../aig-eval.js';
import { identifier } from '../../aiger-sts.js';
import type { Certificate, Claim, Clause } from '../../certificate.js';
import { cexTable } from '../../cex-table.js';
import type { Interpreter, Location } from '../../interpreter.js';
import { kInductionWitness } from '../../k-witness.js';
import { plural } from '../../plural.js';
import { Views, theoriesOf, type Answer, type Output, type Problem } from '../../problem.js';
import { answerOf, shownAs, type Property } from '../../property-kinds.js';
import { printSts } from '../../sts-print.js';
import { stsInterpreter } from '../../sts-semantics.js';
import type { Task, Theory } from '../../task.js';
import type { Trace, TraceState } from '../../trace.js';
import { binaryPath, clausesWitness, witnessFile } from '../../witness-circuits.js';
import { printAag, printAig } from '../../aig-print.js';
import { CONSTANTS, OPERATORS, type Btor2Model, type Sort } from './model.js';
import { blast, runOfCircuit, type Blasted } from './blast.js';
import { Simulation, isArray, type Btor2Run, type Value } from './simulate.js';
import { printWitness } from './witness.js';
import { invariantFile } from './invariant-file.js';
import { WordLevel, runOfTrace, type WordLevelView } from './words.js';
import { btor2Waveform } from './waveform.js';
import { vcdOutput } from '../../vcd.js';
import { keywordHighlighter } from '../../report-view.js';
import { aigerProblem } from '../aiger/problem.js';
import { lassoOnFile } from '../aiger/live-witness.js';

/** BTOR2's keywords for the report: the sorts, the lines about states and properties, the constants and the operators. */
const HIGHLIGHT = keywordHighlighter(['sort', 'bitvec', 'array', 'input', 'state', 'init', 'next', 'bad', 'constraint', 'fair', 'justice',
  'output', ...CONSTANTS, ...Object.keys(OPERATORS)], ';');

/** A model value as a literal expression of its sort. */
function literal(v: Value, sort: Sort): Expr {
  if (sort.kind === 'bitvec') return bv(v as bigint, sort.width);
  const iw = (sort.index as { width: number }).width;
  const ew = (sort.element as { width: number }).width;
  if (!isArray(v)) throw new Error('a bit-vector value for an array');
  return arrayValue(bvType(iw), [...v.entries].map(([i, x]) => [bv(i, iw), bv(x, ew)] as const), bv(v.dflt, ew));
}

/** `source` is the file's contents, kept for a worker to read the task again and quoted in messages. */
export function btor2Problem(file: string, model: Btor2Model, source: Uint8Array): Problem {
  const text = Buffer.from(source).toString('utf8');
  const words = new WordLevel(model);
  const name = identifier((file.split(/[\\/]/).pop() ?? file).replace(/\.btor2?$/i, ''), 'model', new Set());
  const views = new Views<WordLevelView>((p) => words.view(p.index, name));
  const models = new Views<Interpreter>((p) => {
    const view = views.of(p);
    return stsInterpreter(view.sts, 'sts', view.inputs.filter((v): v is VarDecl => v !== undefined));
  });
  const blasted = blast(model);
  const bits: Blasted | undefined = 'blasted' in blasted ? blasted.blasted : undefined;
  const circuit: Aig | undefined = bits && aigFromFile(bits.aiger);
  /** The blasted circuit as an AIGER file's problem: its justice properties are the model's. */
  const live = bits && model.justices.length > 0 ? aigerProblem(file, bits.aiger) : undefined;
  const properties: Property[] = [
    ...model.bads.map((_, index) => ({ name: `b${index}`, kind: 'safety' as const, index })),
    ...(live?.properties.filter((p) => p.kind === 'liveness') ?? []),
  ];
  const isLive = (p: Property) => p.kind === 'liveness';
  /** The delegate's output `name` for a justice property. */
  const liveOutput = (name: string) => live!.outputs.find((o) => o.name === name);
  const vars = [...model.states.map((s) => words.variable(s.node.id)), ...model.inputs.map((n) => words.variable(n.id))];
  const theories = theoriesOf(vars) as ReadonlySet<Theory>;
  const nodeOf = new Map<VarDecl, number>([...model.states.map((s) => [words.variable(s.node.id), s.node.id] as const), ...model.inputs.map((n) => [words.variable(n.id), n.id] as const)]);

  const task = (property: Property): Task => (isLive(property) ? live!.task(property) : {
    file, property, theories, source,
    get model() { return models.of(property); },
    ...(circuit ? { circuit: withProperty(circuit, property.index) } : {}),
  });

  /** The lasso of a justice property as a run of the whole blasted circuit, simulated once per certificate (the witness, the waveform and the report ask). */
  const lassoRuns = new WeakMap<Certificate, Run>();
  const lassoRun = (p: Property, c: Certificate): Run => {
    if (c.kind !== 'lasso') throw new Error(`a ${c.kind} is not a counterexample of a justice property`);
    let run = lassoRuns.get(c);
    if (run) return run;
    run = lassoOnFile(circuit!, live!.task(p).circuit!, c.run, c.loopStart);
    if (!run) throw new Error(`the lasso of ${p.name} closes on the property's cone, but not on the whole circuit within the simulation budget`);
    lassoRuns.set(c, run);
    return run;
  };

  /** The btorsim run of a counterexample: a trace of the words, or a run of the blasted circuit. */
  const runOf = (p: Property, c: Certificate): Btor2Run => {
    if (c.kind === 'trace') return runOfTrace(model, views.of(p), c.trace.states);
    if (c.kind === 'run' && bits) return runOfCircuit(model, bits, c.run);
    if (c.kind === 'lasso' && bits) return runOfCircuit(model, bits, lassoRun(p, c));
    throw new Error(`a ${c.kind} is not a counterexample of a BTOR2 model`);
  };

  /** A run of the model as a trace of the property's words: every variable of the view at every step. */
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

  /** A latch literal of the circuit as a condition on a state's bit; undefined for the latch that says whether the run has started. */
  const latchBits = new Map<number, { state: number; bit: number }>();
  bits?.leaves.forEach((lits, state) => lits?.forEach((lit, bit) => latchBits.set(lit, { state, bit })));
  const bitCondition = (lit: Lit): Expr | undefined => {
    const at = latchBits.get(lit & ~1);
    if (!at) return undefined;
    const s = model.states[at.state]!;
    let word = ref(words.variable(s.node.id));
    let bit = at.bit;
    const sort = s.node.sort;
    if (sort.kind === 'array') {
      const ew = (sort.element as { width: number }).width;
      const iw = (sort.index as { width: number }).width;
      word = read(word, bv(Math.floor(bit / ew), iw));
      bit %= ew;
    }
    return eq(extract(word, bit + 1, bit), bv(lit & 1 ? 0 : 1, 1));
  };
  /** Clauses over the circuit's latches as a condition on the words, without those about `started`. */
  const clausesOnWords = (clauses: readonly Clause[]): Expr => {
    const shown = clauses.map((cl) => cl.map(bitCondition)).filter((cl): cl is Expr[] => cl.every((x) => x !== undefined));
    return shown.length === 0 ? True : and(...shown.map((cl) => or(...cl)));
  };

  /** The witness circuit of a bit-level proof, for the blasted circuit. */
  const witnessCircuit = (p: Property, c: Certificate): Aig => {
    if (c.kind === 'latch-clauses') return clausesWitness(circuit!, p, c.clauses, c.signals);
    if (c.kind === 'k-induction') return kInductionWitness({ file: circuit!, bad: circuit!.properties[p.index]!.lit, name: p.name, small: c.proved, facts: c.facts, ...(c.signals ? { signals: c.signals } : {}) }, c.depth);
    throw new Error(`a ${c.kind} is not a proof of the blasted circuit`);
  };

  const witnessText = (p: Property, c: Certificate) => printWitness(model, isLive(p) ? p.name : p.index, runOf(p, c));
  const trace = (p: Property, c: Certificate): Trace => {
    if (isLive(p)) return live!.trace(p, c);
    return c.kind === 'trace' ? c.trace : traceOf(p, runOf(p, c));
  };

  // liveness is checked on circuits: without one, the justice properties are not checked
  const justices = live ? [] : model.justices.map((j, k) => new InputError(file, j.line, j.column,
    `justice property j${k} is not checked: liveness is checked on the bit-blasted circuit, and this model is not blasted (${(blasted as { refused: string }).refused})`, text));

  const outputs: Output[] = [
    {
      name: 'cex',
      scope: 'property',
      download: '.cex.csv',
      write: ([c], path) => {
        const { property: p, result: r } = c!;
        if (isLive(p)) return liveOutput('cex')?.write([c!], path);
        if (r.verdict === 'unknown' || shownAs(r.verdict, r.certificate) !== 'trace') return undefined;
        return cexTable(models.of(p), trace(p, r.certificate), path);
      },
    },
    {
      // btorsim's format holds one counterexample: a file per failing property
      name: 'witness',
      scope: 'property',
      download: '.wit',
      write: ([c]) => {
        const { property: p, result: r } = c!;
        return r.verdict !== 'unknown' && answerOf(r.verdict) === 'fails' ? witnessText(p, r.certificate) : undefined;
      },
    },
    vcdOutput(file, (p, c) => btor2Waveform(model, runOf(p, c))),
    {
      name: 'certificate',
      scope: 'property',
      download: '.certificate.txt',
      write: ([c], path, options) => {
        const { property: p, result: r } = c!;
        if (isLive(p)) return liveOutput('certificate')?.write([c!], path, options);
        if (r.verdict === 'unknown' || answerOf(r.verdict) !== 'holds') return undefined;
        const cert = r.certificate;
        if (cert.kind === 'latch-clauses' || cert.kind === 'k-induction') {
          const binary = binaryPath(path, options);
          return witnessFile(`${file} (bit-blasted)`, p, p.name, witnessCircuit(p, cert), { kind: 'witness', ...(cert.kind === 'k-induction' ? { k: cert.depth } : {}) }, binary);
        }
        if (cert.kind === 'invariant') {
          const inv = cert.invariant.get(models.of(p).initLoc)!;
          return invariantFile(text, nodeOf, inv, [
            `Inductive invariant of ${p.name} of ${file}, found and checked by vigil: the model with one more bad state`,
            'property, the negation of the invariant, which plain induction (depth 1) proves; the invariant excludes the',
            `bad states of ${p.name}.`,
          ]);
        }
        return certificateText(p, cert);
      },
    },
  ];

  const certificateText = (p: Property, c: Certificate): string => {
    if (isLive(p)) return live!.certificateText!(p, c);
    if (c.kind !== 'invariant' && c.kind !== 'k-invariant') return witnessFile(`${file} (bit-blasted)`, p, p.name, witnessCircuit(p, c), { kind: 'witness' }, false) as string;
    const sts = views.of(p).sts;
    const inv = c.invariant.get(models.of(p).initLoc)!;
    const header = `// ${c.kind === 'k-invariant' ? `${c.k}-inductive invariant (with the property)` : 'Inductive invariant'} of ${p.name} of ${file}, found and checked by vigil:\n// the word-level model with the property replaced by the invariant.\n`;
    return header + printSts({ ...sts, prop: c.kind === 'k-invariant' ? and(inv, sts.prop) : inv });
  };

  return {
    file,
    formalism: 'btor2',
    warnings: model.bads.length > 0 ? justices : [],
    properties,
    ...(properties.length > 0 ? {} : { noProperty: justices[0] ?? new InputError(file, 1, 1, 'the model has no bad state or justice property to check', text) }),
    ...(model.bads.length === 0 && live ? { defaultKind: 'liveness' as const } : {}),
    theories,
    summary: () => {
      const arrays = model.states.filter((s) => s.node.sort.kind === 'array').length;
      return `btor2; ${[
        `${plural(model.inputs.length, 'input')}, ${plural(model.states.length, 'state')}${arrays ? ` (${arrays} array${arrays === 1 ? '' : 's'})` : ''}`,
        `${plural(model.bads.length, 'bad state property')}${model.constraints.length ? `, ${plural(model.constraints.length, 'constraint')}` : ''}`
          + `${model.justices.length ? `, ${plural(model.justices.length, 'justice property')}${live ? '' : ' (not checked)'}` : ''}`
          + `${model.fairs.length ? `, ${plural(model.fairs.length, 'fairness constraint')}` : ''}`,
        bits
          ? `bit-blasted: ${plural(bits.aiger.inputs.length, 'input')}, ${plural(bits.aiger.latches.length, 'latch')}, ${plural(bits.aiger.ands.length / 3, 'and')}`
          : `word level only: ${(blasted as { refused: string }).refused}`,
      ].join('; ')}`;
    },
    task,
    claims(p: Property, r: Answer): Claim[] {
      if (isLive(p)) return [...live!.claims(p, r)];
      const c = r.certificate;
      const asWitness: Claim = { kind: 'btor2-witness', model, property: p.index, witness: '' };
      switch (c.kind) {
        case 'trace': return [{ kind: 'trace', model: models.of(p), trace: c.trace }, { ...asWitness, witness: witnessText(p, c) }];
        case 'run': return [{ ...asWitness, witness: witnessText(p, c) }, { kind: 'witness', aig: circuit!, property: p.index, run: c.run as Run }];
        case 'invariant': return [{ kind: 'invariant', model: models.of(p), invariant: c.invariant }];
        case 'k-invariant': return [{ kind: 'k-invariant', model: models.of(p), invariant: c.invariant, k: c.k, simplePath: c.simplePath }];
        case 'latch-clauses': case 'k-induction': return [{ kind: 'witness-circuit', aig: circuit!, property: p.index, witness: witnessCircuit(p, c) }];
        default: throw new Error(`a ${c.kind} is not a certificate of a BTOR2 model`);
      }
    },
    trace,
    invariant(p: Property, c: Certificate): ReadonlyMap<Location, Expr> {
      if (isLive(p)) return live!.invariant(p, c);
      const loc = models.of(p).initLoc;
      switch (c.kind) {
        case 'invariant': case 'k-invariant': return c.invariant;
        case 'latch-clauses': return new Map([[loc, clausesOnWords(c.clauses)]]);
        case 'k-induction': return new Map([[loc, clausesOnWords(c.facts)]]);
        default: throw new Error(`a ${c.kind} is not a proof of a BTOR2 model`);
      }
    },
    certificateText,
    outputs,
    report: {
      text,
      title: 'BTOR2 model',
      highlight: HIGHLIGHT,
      waveform: (p, c) => btor2Waveform(model, runOf(p, c)),
    },
    circuitFile: (binary: boolean) => {
      if (!circuit) throw new FileError(`${file}: cannot bit-blast: ${(blasted as { refused: string }).refused}`);
      const comments = [...bits!.aiger.comments, 'every bad state property b<i> of the model is bad-state property b<i> here, every justice property j<i> justice property j<i>; constraints are invariant constraints, fair lines fairness constraints'];
      return binary ? printAig(circuit, { comments }) : printAag(circuit, { comments });
    },
  };
}
