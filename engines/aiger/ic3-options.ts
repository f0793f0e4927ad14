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
}

export const IC3_DEFAULTS: Ic3Options = { ctg: true, ctp: false, dynamic: false, parent: false, dropPo: false, ternary: true, leafDecisions: false, join: true };

const GROUP = 'IC3 options (circuits):';
const onOff = (name: string, key: keyof Ic3Options, what: string): EngineOption => ({
  name, group: GROUP, value: 'on|off', choices: ['on', 'off'],
  help: `ic3: ${what} (default: ${IC3_DEFAULTS[key] ? 'on' : 'off'})`,
});

const IC3_CTG = onOff('ic3-ctg', 'ctg', 'counterexamples to generalisation, blocked before a literal drop is given up');
const IC3_CTP = onOff('ic3-ctp', 'ctp', 'counterexamples to propagation, blocked before a clause is pushed again');
const IC3_DYNAMIC = onOff('ic3-dynamic', 'dynamic', 'CTG effort grows for obligations that come back often');
const IC3_PARENT = onOff('ic3-parent', 'parent', "parent lemmas: generalise first to the literals shared with the successor's lemma");
const IC3_DROP_PO = onOff('ic3-drop-po', 'dropPo', 'drop obligations retried too often (the limit doubles each frame that dropped one)');
const IC3_TERNARY = onOff('ic3-ternary', 'ternary', 'lift predecessors by ternary simulation instead of a SAT call');
const IC3_LEAF_DECISIONS = onOff('ic3-leaf-decisions', 'leafDecisions', 'frame queries branch only on the inputs and latches of their cone');
const IC3_JOIN = onOff('ic3-join', 'join', "a failed literal drop retries with the literals the predecessor satisfies (down's join)");
export const IC3_OPTIONS: readonly EngineOption[] = [IC3_CTG, IC3_CTP, IC3_DYNAMIC, IC3_PARENT, IC3_DROP_PO, IC3_TERNARY, IC3_LEAF_DECISIONS, IC3_JOIN];

/** The IC3 options of a run: the settings given, the defaults for the rest. */
export function ic3OptionsOf(settings: Settings): Ic3Options {
  const flag = (o: EngineOption, key: keyof Ic3Options) => (settings[o.name] === undefined ? IC3_DEFAULTS[key] : settings[o.name] === 'on');
  return { ctg: flag(IC3_CTG, 'ctg'), ctp: flag(IC3_CTP, 'ctp'), dynamic: flag(IC3_DYNAMIC, 'dynamic'), parent: flag(IC3_PARENT, 'parent'), dropPo: flag(IC3_DROP_PO, 'dropPo'), ternary: flag(IC3_TERNARY, 'ternary'), leafDecisions: flag(IC3_LEAF_DECISIONS, 'leafDecisions'), join: flag(IC3_JOIN, 'join') };
}

/** The options as `--json`'s configuration shows them, by option name. */
export function ic3Configuration(o: Ic3Options): Record<string, string> {
  const onOff = (b: boolean) => (b ? 'on' : 'off');
  return { [IC3_CTG.name]: onOff(o.ctg), [IC3_CTP.name]: onOff(o.ctp), [IC3_DYNAMIC.name]: onOff(o.dynamic), [IC3_PARENT.name]: onOff(o.parent), [IC3_DROP_PO.name]: onOff(o.dropPo), [IC3_TERNARY.name]: onOff(o.ternary), [IC3_LEAF_DECISIONS.name]: onOff(o.leafDecisions), [IC3_JOIN.name]: onOff(o.join) };
}
