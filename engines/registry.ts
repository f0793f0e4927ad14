/**
 * Every engine Vigil has, in one list (after Pono's `make_provers`): the command line builds its
 * `--algorithm` choices and engine options from it, the worker makes engines through it, the
 * benchmarks know from it which configuration runs on which model. An engine's implementation is
 * imported only when it runs, so that listing the engines costs nothing at start-up.
 */
import type { Formalism } from '../formalisms/interpreter.js';
import type { Problem, PropertyKind } from '../formalisms/problem.js';
import { CEGAR_OPTIONS } from '../cegar/options.js';
import { FileError } from '../formalisms/frontends/index.js';
import { BOUND } from './bound.js';
import { ENCODING, withEncoding } from './encoding.js';
import { INVARIANTS, SIMPLE_PATH } from './kind-options.js';
import { FCOVER, SEARCH } from './impact-options.js';
import { LCORR, SWEEP, withPreprocessing } from './aiger/preprocess-options.js';
import { IC3_OPTIONS } from './aiger/ic3-options.js';
import { PORTFOLIO_MEMBERS } from './aiger/portfolio-members.js';
import { inapplicable, type Applicability, type Engine, type EngineOption, type EngineSpec, type Settings } from './engine.js';

type Module = { createEngine(settings: Settings, problem: Problem): Engine };

const WORD_LEVEL: readonly Formalism[] = ['cfa', 'sts', 'aiger', 'btor2'];
/** The bit-level engines: AIGER circuits, and BTOR2 models bit-blasted into one. */
const BIT_LEVEL = { formalisms: ['aiger', 'btor2'] as readonly Formalism[], theories: ['bool'] as const, bitLevel: true };

function lazy(load: () => Promise<Module>): EngineSpec['create'] {
  return async (settings, problem) => (await load()).createEngine(settings, problem);
}

/** The default engine for circuits (DEFAULT_ENGINE), which `preloadCircuitEngine` loads ahead. */
const circuitPortfolio = (): Promise<Module> => import('./aiger/portfolio.js');

/**
 * Loads the default circuit engine before it is asked for: the checker's worker does so while it
 * waits for its job, when the command line names a circuit (cli/check-worker.ts).
 */
export async function preloadCircuitEngine(): Promise<void> {
  await circuitPortfolio();
}

/** In the order `--help` lists them; where two share a name, the first that applies to a problem runs. */
export const ENGINES: readonly EngineSpec[] = [
  { name: 'cegar', formalisms: WORD_LEVEL, options: [...CEGAR_OPTIONS, ENCODING], drawsArg: true, create: withEncoding(lazy(() => import('../cegar/engine.js'))) },
  { name: 'bmc', ...BIT_LEVEL, options: [BOUND, SWEEP, LCORR], create: withPreprocessing(lazy(() => import('./aiger/bmc.js'))) },
  { name: 'bmc', formalisms: WORD_LEVEL, options: [BOUND, ENCODING], create: withEncoding(lazy(() => import('./bmc.js'))) },
  { name: 'ic3', ...BIT_LEVEL, options: [...IC3_OPTIONS, SWEEP, LCORR], create: withPreprocessing(lazy(() => import('./aiger/ic3.js'))) },
  { name: 'ic3', formalisms: ['cfa', 'sts', 'btor2'], options: [ENCODING], create: withEncoding(lazy(() => import('./ic3ia.js'))) },
  { name: 'impact', formalisms: ['cfa', 'sts'], options: [SEARCH, FCOVER, ENCODING], create: withEncoding(lazy(() => import('./impact.js'))) },
  { name: 'kind', ...BIT_LEVEL, options: [BOUND, SIMPLE_PATH, SWEEP, LCORR], create: withPreprocessing(lazy(() => import('./aiger/kind.js'))) },
  { name: 'kind', formalisms: WORD_LEVEL, options: [BOUND, INVARIANTS, SIMPLE_PATH], create: lazy(() => import('./kind.js')) },
  { name: 'portfolio', ...BIT_LEVEL, options: [BOUND, PORTFOLIO_MEMBERS, SWEEP, LCORR], create: withPreprocessing(lazy(circuitPortfolio)) },
  { name: 'portfolio', formalisms: ['cfa', 'sts', 'btor2'], options: [BOUND], create: lazy(() => import('./portfolio.js')) },
  { name: 'termination', formalisms: ['cfa'], theories: ['int', 'bool'], property: 'termination', options: [], create: lazy(() => import('./termination/engine.js')) },
];

/**
 * The default per formalism: the portfolios (circuits, and BTOR2 models bit-blasted into one:
 * engines/aiger/portfolio.ts, IC3 and k-induction on two cores; CFAs, STSs and BTOR2 models that
 * are not blasted: engines/portfolio.ts); for termination, the termination engine.
 */
export const DEFAULT_ENGINE: Readonly<Record<Formalism, string>> = { cfa: 'portfolio', sts: 'portfolio', aiger: 'portfolio', btor2: 'portfolio' };
export const TERMINATION_ENGINE = 'termination';

function defaultEngine(formalism: Formalism, kind: PropertyKind): string {
  return kind === 'termination' ? TERMINATION_ENGINE : DEFAULT_ENGINE[formalism];
}

export const ENGINE_NAMES: readonly string[] = [...new Set(ENGINES.map((e) => e.name))];

/** Every engine option once, in the order of the engines that declare them. */
export const ENGINE_OPTIONS: readonly EngineOption[] = [...new Map(ENGINES.flatMap((e) => e.options).map((o) => [o.name, o])).values()];

/** The engine of this name (or the default) that applies to the problem's properties of this kind; a FileError says why none does. */
export function engineFor(problem: Applicability & Pick<Problem, 'file'>, name?: string, kind: PropertyKind = 'safety'): EngineSpec {
  const chosen = name ?? defaultEngine(problem.formalism, kind);
  const named = ENGINES.filter((e) => e.name === chosen);
  const spec = named.find((e) => inapplicable(e, problem, kind) === undefined);
  if (!spec) throw new FileError(`${problem.file}: --algorithm ${chosen} ${inapplicable(named[0]!, problem, kind)}`);
  return spec;
}

/** What chooses a problem's engine: `--algorithm`, the engine options given, and whether `--arg` is asked for. */
export interface EngineChoice {
  readonly algorithm?: string;
  readonly settings: Settings;
  readonly arg?: string;
}

/**
 * Without `--algorithm`, options of one engine that the default does not have choose that engine
 * (`--domain EXPL` runs CEGAR where the default is the portfolio), as a bench configuration does;
 * so does `--arg`, which only engines that build an ARG can write.
 */
function implied(problem: Applicability & Pick<Problem, 'file'>, choice: EngineChoice): string | undefined {
  const keys = Object.keys(choice.settings);
  const arg = choice.arg !== undefined;
  const fits = (e: EngineSpec) => keys.every((k) => e.options.some((o) => o.name === k)) && (!arg || e.drawsArg === true);
  if ((keys.length === 0 && !arg) || fits(engineFor(problem))) return undefined;
  return ENGINES.find((e) => fits(e) && inapplicable(e, problem) === undefined)?.name;
}

/** The engine that checks the problem's properties of this kind, as the command line chose it. */
export function chooseEngine(problem: Applicability & Pick<Problem, 'file'>, choice: EngineChoice, kind: PropertyKind = 'safety'): EngineSpec {
  return engineFor(problem, choice.algorithm ?? (kind === 'safety' ? implied(problem, choice) : undefined), kind);
}

/** Whether an engine checks circuits only: the bit-level engines, which run on Vigil's SAT solver and never call Z3. */
export function circuitsOnly(spec: EngineSpec): boolean {
  return spec.bitLevel === true;
}

/** Whether an engine of this name (or the default) can run on models of the formalism, before any is read (benchmarks). */
export function runsOn(name: string | undefined, formalism: Formalism): boolean {
  return ENGINES.some((e) => e.name === (name ?? DEFAULT_ENGINE[formalism]) && e.formalisms.includes(formalism));
}

/** Which engines declare an option (`bmc, kind and portfolio`), for messages about options that do not fit the engine. */
export function declaring(option: string): string {
  const names = [...new Set(ENGINES.filter((e) => e.options.some((o) => o.name === option)).map((e) => e.name))];
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0] ?? 'no engine';
}
