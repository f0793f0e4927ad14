/**
 * The options of bit-level IC3 (engines/aiger/ic3.ts), named after rIC3's, apart from the engine so
 * that listing engines loads nothing. Each switches one technique on or off; the defaults are the
 * ones that paid on the HWMCC'24 circuits (measured on and off, see the README).
 */
import type { EngineOption, Settings } from '../engine.js';

export interface Ic3Options {
  /**
   * Counterexamples to generalisation (Hassan, Bradley, Somenzi 2013): a failed literal drop blocks
   * the predecessor first. Small clauses that hold low but are not inductive can stop convergence.
   */
  readonly ctg: boolean;
  /** Counterexamples to propagation: a clause that fails to push gets its predecessor blocked first. */
  readonly ctp: boolean;
  /** Dynamic generalisation: CTG effort grows with how often an obligation came back. */
  readonly dynamic: boolean;
  /** Parent lemmas (Xia et al. 2023): generalise towards the lemma that blocked the successor. */
  readonly parent: boolean;
  /** Obligation dropping: obligations retried too often leave the queue. */
  readonly dropPo: boolean;
  /**
   * Ternary-simulation lifting (Eén, Mishchenko, Brayton 2011) of predecessors instead of a SAT
   * call: much cheaper per lift on big cones, though its cubes may keep more literals. On by
   * default: on HWMCC'24 it solved the same circuits as SAT-based lifting with 10 % less CPU.
   */
  readonly ternary: boolean;
  /** Frame queries decide only the inputs and latches of their cone; propagation sets the gates. */
  readonly leafDecisions: boolean;
  /**
   * A literal drop that fails on a predecessor retries with the candidate's literals the
   * predecessor satisfies (the join of Bradley's `down`); off, the literal stays, as in ABC's pdr.
   */
  readonly join: boolean;
  /**
   * The property as an inductive hypothesis (ABC pdr's -o): queries from a level above 0 assume the
   * current state good.
   */
  readonly hypothesis: boolean;
  /**
   * The frame solvers load the step simplified by bounded variable elimination (rIC3's `bve`):
   * fewer variables for the solver to assign and propagate.
   */
  readonly bve: boolean;
  /**
   * Frame queries decide by justification (lang/sat/justification.ts): a gate of the cone is
   * decided only when an assigned reader needs a reason for its value, an input or latch only then
   * or when it is in a clause, so a model no longer assigns the whole cone.
   */
  readonly justify: boolean;
  /**
   * When the frame solvers encode the circuit as cells, functions of up to four inputs from a
   * mapping of the AIG (engines/aiger/cut-mapping.ts), in place of AND trees and multiplexers:
   * never (`off`), once the run has made 1,000 SAT calls (`late`), or from the first query (`on`).
   */
  readonly cells: Cells;
}

export type Cells = 'off' | 'late' | 'on';

export const IC3_DEFAULTS: Ic3Options = { ctg: true, ctp: false, dynamic: false, parent: false, dropPo: false, ternary: true, leafDecisions: false, join: true, hypothesis: false, bve: false, justify: false, cells: 'late' };

const GROUP = 'IC3 options (circuits):';

type OnOff = { [K in keyof Ic3Options]: Ic3Options[K] extends boolean ? K : never }[keyof Ic3Options];

/** An option and the field of Ic3Options it sets. */
interface Switch {
  readonly option: EngineOption;
  readonly key: OnOff;
}

const onOff = (name: string, key: OnOff, what: string): Switch => ({
  key,
  option: { name, group: GROUP, value: 'on|off', choices: ['on', 'off'], help: `ic3: ${what} (default: ${IC3_DEFAULTS[key] ? 'on' : 'off'})` },
});

/** The options in the order they are listed; parsing and the `--json` view both read them here. */
const SWITCHES: readonly Switch[] = [
  onOff('ic3-ctg', 'ctg', 'counterexamples to generalisation, blocked before a literal drop is given up'),
  onOff('ic3-ctp', 'ctp', 'counterexamples to propagation, blocked before a clause is pushed again'),
  onOff('ic3-dynamic', 'dynamic', 'CTG effort grows for obligations that come back often'),
  onOff('ic3-parent', 'parent', "parent lemmas: generalise first to the literals shared with the successor's lemma"),
  onOff('ic3-drop-po', 'dropPo', 'drop obligations retried too often (the limit doubles each frame that dropped one)'),
  onOff('ic3-ternary', 'ternary', 'lift predecessors by ternary simulation instead of a SAT call'),
  onOff('ic3-leaf-decisions', 'leafDecisions', 'frame queries branch only on the inputs and latches of their cone'),
  onOff('ic3-join', 'join', "a failed literal drop retries with the literals the predecessor satisfies (down's join)"),
  onOff('ic3-hypothesis', 'hypothesis', 'queries from the frames above the initial states assume the current state good (the property as inductive hypothesis)'),
  onOff('ic3-bve', 'bve', 'the frame solvers load the step simplified by bounded variable elimination'),
  onOff('ic3-justify', 'justify', 'frame queries decide a gate only when a reader needs its reason (justification), not the whole cone'),
];

const CELLS: EngineOption = {
  name: 'ic3-cells',
  group: GROUP,
  value: 'off|late|on',
  choices: ['off', 'late', 'on'],
  help: `ic3: the frame solvers encode the circuit as cells of up to four inputs (as ABC's pdr does): never, after 1,000 SAT calls, or from the start (default: ${IC3_DEFAULTS.cells})`,
};

export const IC3_OPTIONS: readonly EngineOption[] = [...SWITCHES.map((s) => s.option), CELLS];

/** The IC3 options of a run: the settings given, the defaults for the rest. */
export function ic3OptionsOf(settings: Settings): Ic3Options {
  const o: { -readonly [K in keyof Ic3Options]: Ic3Options[K] } = { ...IC3_DEFAULTS };
  for (const { option, key } of SWITCHES) if (settings[option.name] !== undefined) o[key] = settings[option.name] === 'on';
  const cells = settings[CELLS.name];
  if (cells !== undefined) o.cells = cells as Cells;
  return o;
}

/** The options as `--json`'s configuration shows them, by option name. */
export function ic3Configuration(o: Ic3Options): Record<string, string> {
  return { ...Object.fromEntries(SWITCHES.map(({ option, key }) => [option.name, o[key] ? 'on' : 'off'])), [CELLS.name]: o.cells };
}
