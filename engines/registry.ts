/**
 * Every engine Vigil has, in one list (after Pono's `make_provers`): the command line builds its
 * `--algorithm` choices and engine options from it, the pipeline makes engines and their passes
 * through it, the portfolio reads its members' lines with its option parser, the benchmarks know
 * from it which configuration runs on which model. An engine's implementation is imported only
 * when it runs, so that listing the engines costs nothing at start-up.
 */
import type { PropertyKind } from '../formalisms/property-kinds.js';
import type { Task } from '../formalisms/task.js';
import { CEGAR_OPTIONS } from '../cegar/options.js';
import { BOUND } from './bound.js';
import { INVARIANTS, SIMPLE_PATH } from './kind-options.js';
import { FCOVER, SEARCH } from './impact-options.js';
import { PDR_INVARIANTS, PDR_GENERALIZE, PDR_LEMMAS } from './pdr-options.js';
import { IC3_OPTIONS } from './aiger/ic3-options.js';
import { SIM_ROUNDS } from './aiger/random-sim-options.js';
import { CIRCUIT_MEMBERS, MEMBERS_OPTION, MIXED_MEMBERS, SHARE_OPTION } from './portfolio-members.js';
import { LEVEL, levelOf, offerFor } from './level.js';
import { CIRCUIT_PASSES, LCORR, SCORR, SWEEP } from './passes/circuit.js';
import { BLOCK_ENCODING, ENCODING } from './passes/block-encoding.js';
import { L2S } from './passes/l2s.js';
import { INDUCTIVE } from './passes/inductive.js';
import { SLICE, SLICE_PASS } from './passes/slice.js';
import { CONTROL, CONTROL_PASS } from './passes/control.js';
import type { Pass, PassSpec } from './passes/pass.js';
import { OptionError, inapplicable, type Engine, type EngineContext, type EngineLines, type EngineOption, type EngineSpec, type Offer, type Settings } from './engine.js';
import { forwardAll } from './passes/pass.js';

type Module = { createEngine(settings: Settings, context: EngineContext): Engine | Promise<Engine> };

function lazy(load: () => Promise<Module>): EngineSpec['create'] {
  return async (settings, context) => (await load()).createEngine(settings, context);
}

/** The circuit passes' options: every engine may check a circuit's task, word-level ones on its transition system. */
const CIRCUIT = [SWEEP, LCORR, SCORR];

/** What Vigil's interpolants handle (lang/smt/interpolate.ts): everything but floating point. */
const INTERPOLATED: EngineSpec['theories'] = ['bool', 'int', 'rat', 'bv', 'array'];

/** What model-based projection eliminates exactly (lang/smt/project.ts): PDR's predecessors and TPA's midpoints enumerate values elsewhere. */
const PROJECTED: EngineSpec['theories'] = ['bool', 'int', 'rat'];

/** In the order `--help` lists them; where two share a name, the first that applies to a task runs. */
export const ENGINES: readonly EngineSpec[] = [
  { name: 'cegar', options: [...CEGAR_OPTIONS, ENCODING, CONTROL, SLICE, ...CIRCUIT], drawsArg: true, create: lazy(() => import('../cegar/engine.js')) },
  { name: 'bmc', needs: 'circuit', options: [BOUND, LEVEL, ...CIRCUIT], create: lazy(() => import('./aiger/bmc.js')) },
  { name: 'bmc', options: [BOUND, ENCODING, CONTROL, SLICE, LEVEL, ...CIRCUIT], create: lazy(() => import('./bmc.js')) },
  { name: 'ic3', needs: 'circuit', options: [...IC3_OPTIONS, LEVEL, ...CIRCUIT], create: lazy(() => import('./aiger/ic3.js')) },
  { name: 'ic3', options: [ENCODING, CONTROL, SLICE, LEVEL, ...CIRCUIT], create: lazy(() => import('./ic3ia.js')) },
  { name: 'sim', needs: 'circuit', options: [SIM_ROUNDS], create: lazy(() => import('./aiger/random-sim.js')) },
  { name: 'imc', theories: INTERPOLATED, options: [BOUND, ENCODING, CONTROL, SLICE, ...CIRCUIT], create: lazy(() => import('./imc.js')) },
  { name: 'impact', options: [SEARCH, FCOVER, ENCODING, CONTROL, SLICE, ...CIRCUIT], create: lazy(() => import('./impact.js')) },
  { name: 'kind', needs: 'circuit', options: [BOUND, SIMPLE_PATH, LEVEL, ...CIRCUIT], create: lazy(() => import('./aiger/kind.js')) },
  { name: 'kind', options: [BOUND, INVARIANTS, SIMPLE_PATH, CONTROL, SLICE, LEVEL, ...CIRCUIT], create: lazy(() => import('./kind.js')) },
  { name: 'pdkind', theories: INTERPOLATED, options: [BOUND, CONTROL, SLICE, ...CIRCUIT], create: lazy(() => import('./pdkind.js')) },
  { name: 'pdr', theories: PROJECTED, options: [PDR_LEMMAS, PDR_GENERALIZE, PDR_INVARIANTS, ENCODING, CONTROL, SLICE, ...CIRCUIT], create: lazy(() => import('./pdr.js')) },
  { name: 'pdr', needs: 'clauses', theories: PROJECTED, options: [PDR_LEMMAS, PDR_GENERALIZE], create: lazy(() => import('./horn-pdr.js')) },
  { name: 'tpa', theories: PROJECTED, options: [ENCODING, CONTROL, SLICE, ...CIRCUIT], create: lazy(() => import('./tpa.js')) },
  { name: 'split-tpa', theories: PROJECTED, options: [ENCODING, CONTROL, SLICE, ...CIRCUIT], create: lazy(() => import('./split-tpa.js')) },
  { name: 'portfolio', needs: 'any', prefers: 'circuit', options: [BOUND, MEMBERS_OPTION, SHARE_OPTION, LEVEL, CONTROL, SLICE, ...CIRCUIT], defers: [...CIRCUIT_PASSES.map((p) => p.name), CONTROL_PASS.name, SLICE_PASS.name], usesZ3: portfolioUsesZ3, create: lazy(() => import('./portfolio.js')) },
  { name: 'termination', theories: ['int', 'bool'], property: 'termination', options: [], create: lazy(() => import('./termination/engine.js')) },
  { name: 'live', needs: 'circuit', property: 'liveness', options: [...CIRCUIT], create: lazy(() => import('./aiger/live/engine.js')) },
  { name: 'klive', needs: 'circuit', property: 'liveness', options: [BOUND, ...CIRCUIT], create: lazy(() => import('./aiger/live/k-liveness.js')) },
  { name: 'lasso-bmc', needs: 'circuit', property: 'liveness', options: [BOUND, ...CIRCUIT], create: lazy(() => import('./aiger/live/lasso-bmc.js')) },
];

/**
 * The passes, in the order they run: the circuit passes, liveness-to-safety, inductive proofs,
 * control-flow recovery, slicing (of the recovered automaton's edges), then block encoding (whose
 * proofs are read back over the sliced edges before they are completed and strengthened).
 */
const PASSES: readonly PassSpec[] = [...CIRCUIT_PASSES, L2S, INDUCTIVE, CONTROL_PASS, SLICE_PASS, BLOCK_ENCODING];

/**
 * Why `spec` cannot check a task with this offer, or undefined when it can: directly, or through a
 * pass that turns the task's property into one of the kind the engine answers (the bit-level IC3 on
 * a justice property of a circuit, through liveness-to-safety).
 */
export function unfit(spec: EngineSpec, offer: Offer): string | undefined {
  const direct = inapplicable(spec, offer);
  if (direct === undefined) return undefined;
  const via = PASSES.find((p) => p.converts?.from === offer.kind && p.converts.to === (spec.property ?? 'safety')
    && (p.converts.needs !== 'circuit' || (offer.circuit && spec.needs === 'circuit')));
  return via && inapplicable(spec, { ...offer, kind: via.converts!.to }) === undefined ? undefined : direct;
}

/** Whether an engine run on the task calls Z3 in its thread (engine.ts, `usesZ3`). */
export function usesZ3(spec: EngineSpec, settings: Settings, task: Task): boolean {
  return spec.usesZ3 ? spec.usesZ3(settings, task) : spec.needs !== 'circuit';
}

/**
 * The portfolio's members run in workers, but their results are certified in the portfolio's
 * thread: with Z3 unless every member is a bit-level engine on the circuit.
 */
function portfolioUsesZ3(settings: Settings, task: Task): boolean {
  if (!task.circuit || levelOf(settings) === 'word') return true;
  const given = settings[MEMBERS_OPTION.name]?.split(',');
  if (given === undefined) return levelOf(settings) !== 'bit' && task.modelIsCircuit !== true;
  return given.some((w) => {
    const line = [...CIRCUIT_MEMBERS, ...MIXED_MEMBERS].find((m) => m.label === w.trim())?.line ?? w;
    const { name, settings: own } = parseEngineLine(line);
    return engineFor(offerFor(task, own), name).needs !== 'circuit';
  });
}

/** The engine each kind of property gets when none is named. */
const DEFAULTS: Readonly<Record<PropertyKind, string>> = { safety: 'portfolio', termination: 'termination', liveness: 'live' };

export const ENGINE_NAMES: readonly string[] = [...new Set(ENGINES.map((e) => e.name))];

/** Every engine option once, in the order of the engines that declare them. */
export const ENGINE_OPTIONS: readonly EngineOption[] = [...new Map(ENGINES.flatMap((e) => e.options).map((o) => [o.name, o])).values()];

/** What chooses an engine: `--algorithm`, the engine options given, and whether its ARG is asked for. */
interface EngineChoice {
  readonly algorithm?: string;
  readonly settings: Settings;
  readonly arg?: boolean;
}

/** The engine of this name (or the kind's default) that applies to the offer; an OptionError says why none does. */
export function engineFor(offer: Offer, name?: string): EngineSpec {
  const chosen = name ?? DEFAULTS[offer.kind];
  const named = ENGINES.filter((e) => e.name === chosen);
  if (named.length === 0) throw new OptionError(`--algorithm ${chosen}: there is no such engine (${ENGINE_NAMES.join(', ')})`);
  const spec = named.find((e) => unfit(e, offer) === undefined);
  if (!spec) throw new OptionError(`--algorithm ${chosen} ${unfit(named[0]!, offer)}`);
  return spec;
}

/**
 * Without `--algorithm`, options of one engine that the default does not have choose that engine
 * (`--domain EXPL` runs CEGAR where the default is the portfolio), as a bench configuration does;
 * so does `--arg`, which only engines that build an ARG can write.
 */
function implied(offer: Offer, choice: EngineChoice): string | undefined {
  const keys = Object.keys(choice.settings);
  const fits = (e: EngineSpec) => keys.every((k) => e.options.some((o) => o.name === k)) && (!choice.arg || e.drawsArg === true);
  if ((keys.length === 0 && !choice.arg) || fits(engineFor(offer))) return undefined;
  return ENGINES.find((e) => fits(e) && unfit(e, offer) === undefined)?.name;
}

/** The engine that checks the task, as the command line chose it. */
export function chooseEngine(task: Task, choice: EngineChoice): EngineSpec {
  const offer = offerFor(task, choice.settings);
  return engineFor(offer, choice.algorithm ?? (offer.kind === 'safety' ? implied(offer, choice) : undefined));
}

/** Engine options the engine does not have are a usage error, not something to ignore. */
export function checkSettings(spec: EngineSpec, settings: Settings): void {
  for (const name of Object.keys(settings)) {
    if (!spec.options.some((o) => o.name === name)) throw new OptionError(`--${name} is an option of ${declaring(name)}, not of ${spec.name}`);
  }
}

/**
 * Whether the engine checks the task's circuit: it needs one or prefers one (unless `--level word`
 * hides it), or the task's model is its circuit's.
 */
function onCircuit(spec: EngineSpec, settings: Settings, task: Task): boolean {
  if (task.circuit === undefined) return false;
  return spec.needs === 'circuit' || task.modelIsCircuit === true || (spec.prefers === 'circuit' && levelOf(settings) !== 'word');
}

/** The passes an engine's settings ask for on a task, in order; `skip` names passes already applied or deferred. */
export function passesFor(spec: EngineSpec, settings: Settings, task: Task, skip: readonly string[] = []): Pass[] {
  const circuit = onCircuit(spec, settings, task);
  return PASSES
    .filter((p) => !skip.includes(p.name) && !(spec.defers ?? []).includes(p.name) && (p.option === undefined || spec.options.includes(p.option))
      && (p.converts === undefined || p.converts.to === (spec.property ?? 'safety')))
    .filter((p) => {
      if (!p.circuit || circuit) return true;
      if (p.option && settings[p.option.name] === 'on') throw new OptionError(`--${p.option.name} on applies to the circuits the engine checks, and ${spec.name} checks none here`);
      return false;
    })
    .flatMap((p) => p.make(settings, task, spec.name) ?? []);
}

/** The passes' options as `--json`'s configuration shows them: those of the passes that apply to the task, defaults included. */
export function passConfiguration(spec: EngineSpec, settings: Settings, task: Task): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of PASSES) {
    if (p.option && spec.options.includes(p.option) && p.shown(task) && (!p.circuit || onCircuit(spec, settings, task))) out[p.option.name] = settings[p.option.name] ?? p.defaultFor?.(task, spec.name) ?? p.option.default!;
  }
  return out;
}

/** Whether an engine of this name (or the default) can run on the files of a front end, before any is read (benchmarks). */
export function runsOn(name: string | undefined, circuits: boolean, kind: PropertyKind = 'safety'): boolean {
  return ENGINES.some((e) => e.name === (name ?? DEFAULTS[kind]) && (e.needs !== 'circuit' || circuits) && (e.property ?? 'safety') === kind);
}

/** Which engines declare an option (`bmc, kind and portfolio`), for messages about options that do not fit the engine. */
export function declaring(option: string): string {
  const names = [...new Set(ENGINES.filter((e) => e.options.some((o) => o.name === option)).map((e) => e.name))];
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0] ?? 'no engine';
}

/** An option's value checked as the option declares it: the normalised value, or an OptionError. */
function optionValue(o: EngineOption, text: string): string {
  if (o.choices) {
    if (!o.choices.includes(text)) throw new OptionError(`--${o.name} takes ${o.choices.join(', ')}, got '${text}'`);
    return text;
  }
  return o.parse ? o.parse(text) : text;
}

/**
 * An engine line, as the portfolio's members are written (`ic3 --ic3-ctg off`, after rIC3's
 * portfolio.toml): the engine's name and its options, read as the command line reads them.
 */
export function parseEngineLine(line: string): { readonly name: string; readonly settings: Settings } {
  const [name, ...words] = line.trim().split(/\s+/);
  if (!name || !ENGINE_NAMES.includes(name)) throw new OptionError(`'${line}': an engine line starts with one of ${ENGINE_NAMES.join(', ')}`);
  const settings: Record<string, string> = {};
  for (let i = 0; i < words.length; i += 2) {
    const flag = words[i]!;
    const option = ENGINE_OPTIONS.find((o) => `--${o.name}` === flag);
    if (!option || !ENGINES.some((e) => e.name === name && e.options.includes(option))) throw new OptionError(`'${line}': ${flag} is not an option of ${name}`);
    if (words[i + 1] === undefined) throw new OptionError(`'${line}': ${flag} needs a value`);
    settings[option.name] = optionValue(option, words[i + 1]!);
  }
  return { name, settings };
}

/** The engines by their lines, as a portfolio gets them through its context (engine.ts, `EngineLines`). */
export const ENGINE_LINES: EngineLines = {
  parse: parseEngineLine,
  applies: (name, offer) => name !== 'portfolio' && ENGINES.some((e) => e.name === name && unfit(e, offer) === undefined),
  takes: (name, offer, option) => engineFor(offer, name).options.some((o) => o.name === option),
  async run(line, task, limits, reporter, context) {
    const { name, settings } = parseEngineLine(line);
    const spec = engineFor(offerFor(task, settings), name);
    const engine = await spec.create(settings, context);
    // the members' task is preprocessed already; a member on the words that hands over to one on the circuit still needs the circuit of the words
    const mapped = await forwardAll(passesFor(spec, settings, task, CIRCUIT_PASSES.map((p) => p.name).filter((n) => n !== 'bits')), task, context);
    return mapped.back(await engine.check(mapped.task, limits, reporter));
  },
};
