/**
 * The members of the AIGER portfolio (engines/aiger/portfolio.ts), apart from it so that listing
 * engines loads nothing: each is an engine with its settings, and the list is in the order of value
 * measured on the HWMCC'24 circuits, so that on n cores the first n run.
 */
import { OptionError, type EngineOption } from '../engine.js';
import { IC3_DEFAULTS, type Ic3Options } from './ic3-options.js';

export type MemberEngine = 'ic3' | 'kind' | 'bmc';

export interface MemberSpec {
  readonly engine: MemberEngine;
  /** IC3's options (IC3 members only). */
  readonly ic3?: Ic3Options;
  /**
   * In a portfolio of the default members: after this long without an answer the member gives its
   * core to member `to`, unless that one runs on a core of its own.
   */
  readonly handOver?: { readonly to: string; readonly afterMs: number };
}

/** Every member by name: the engines with their defaults, and IC3 with each option flipped. */
export const MEMBERS: Readonly<Record<string, MemberSpec>> = {
  ic3: { engine: 'ic3', ic3: IC3_DEFAULTS },
  // k-induction proves its circuits at small depths within seconds (3 s at most on HWMCC'24); on
  // two cores IC3 with CTGs then gets the second core (see BY_VALUE), on one core the first member
  // gets it back (portfolio.ts, handOversOf)
  kind: { engine: 'kind', handOver: { to: 'ic3', afterMs: 10_000 } },
  bmc: { engine: 'bmc' },
  'ic3-ctg': { engine: 'ic3', ic3: { ...IC3_DEFAULTS, ctg: !IC3_DEFAULTS.ctg } },
  'ic3-ctp': { engine: 'ic3', ic3: { ...IC3_DEFAULTS, ctp: !IC3_DEFAULTS.ctp } },
  'ic3-dynamic': { engine: 'ic3', ic3: { ...IC3_DEFAULTS, dynamic: !IC3_DEFAULTS.dynamic } },
  'ic3-parent': { engine: 'ic3', ic3: { ...IC3_DEFAULTS, parent: !IC3_DEFAULTS.parent } },
  'ic3-drop-po': { engine: 'ic3', ic3: { ...IC3_DEFAULTS, dropPo: !IC3_DEFAULTS.dropPo } },
  'ic3-ternary': { engine: 'ic3', ic3: { ...IC3_DEFAULTS, ternary: !IC3_DEFAULTS.ternary } },
  'ic3-leaf-decisions': { engine: 'ic3', ic3: { ...IC3_DEFAULTS, leafDecisions: !IC3_DEFAULTS.leafDecisions } },
};

/**
 * The members by value: on n cores the first n run (the first two on one core). Measured in pairs
 * on HWMCC'24 (README, "The portfolio on every core"): IC3 with k-induction solves the most
 * (k-induction proves `mod3.c.v+sep-reducer`, `simple_vardep_1` and `vgasim_imgfifo-p061` at depth
 * 2 or 3, where IC3 needs a minute or more). IC3 comes first without CTGs and third with them:
 * without, it proves the circuits on which CTG clauses never propagate (`gcd`, `pj2016`,
 * `analog_estimation_convergence` at frame 19 instead of 122) and spends less on the easy ones;
 * with them it proves others faster (`cal142`, `bobcohdoptdcd4`), which on two cores it gets from
 * k-induction's core after 10 s. In that order the default solves the same circuits of both sets
 * as the reverse order, in 18 % less CPU on HWMCC'24 and 1 % less on hwmcc19-20 (README). BMC
 * finds no bug there that IC3 misses. The other IC3 variants follow in the order of their SAT calls
 * alone (drop-po fewest, ctp most), then ternary lifting and leaf decisions, the newest.
 */
export const BY_VALUE: readonly string[] = ['ic3-ctg', 'kind', 'ic3', 'bmc', 'ic3-drop-po', 'ic3-dynamic', 'ic3-parent', 'ic3-ctp', 'ic3-ternary', 'ic3-leaf-decisions'];

export const PORTFOLIO_MEMBERS: EngineOption = {
  name: 'members',
  value: 'list',
  group: 'Portfolio options (circuits):',
  help: `portfolio on circuits: the members, comma-separated, one worker thread each (${Object.keys(MEMBERS).join(', ')}; ic3-X: IC3 with option X flipped) (default: the first of ${BY_VALUE.join(', ')}, one per core, at least two)`,
  parse: (s) => {
    const names = s.split(',').map((x) => x.trim()).filter((x) => x !== '');
    const bad = names.find((n) => !(n in MEMBERS));
    if (bad !== undefined || names.length === 0) throw new OptionError(`--members takes a comma-separated list of ${Object.keys(MEMBERS).join(', ')}, got '${s}'`);
    return names.join(',');
  },
};
