/**
 * The preprocessing options of the bit-level engines (SAT sweeping and latch correspondence, in
 * engines/aiger/prepare.ts), apart from it so that listing the engines loads nothing. The engines
 * prepare their circuit from the problem they are given, so an engine that takes the options runs
 * unchanged on a view of the problem that carries the choice.
 */
import type { Problem } from '../../formalisms/problem.js';
import type { EngineOption, EngineSpec } from '../engine.js';

export interface Preprocessing {
  /** SAT sweeping (engines/aiger/sweep.ts). */
  readonly sweep: boolean;
  /** Latch correspondence (engines/aiger/latch-correspondence.ts). */
  readonly lcorr: boolean;
}

/** Measured on HWMCC'24 with IC3 (docs/bench/preprocessing.md): latch correspondence pays, sweeping does not. */
export const DEFAULT_PREPROCESSING: Preprocessing = { sweep: false, lcorr: true };

const onOff = (b: boolean) => (b ? 'on' : 'off');

export const SWEEP: EngineOption = {
  name: 'sweep',
  group: 'Circuit preprocessing:',
  help: `bmc, ic3, kind, portfolio on circuits: SAT sweeping, merging nodes proven combinationally equal (default: ${onOff(DEFAULT_PREPROCESSING.sweep)})`,
  choices: ['on', 'off'],
};

export const LCORR: EngineOption = {
  name: 'lcorr',
  group: 'Circuit preprocessing:',
  help: `bmc, ic3, kind, portfolio on circuits: latch correspondence, merging latches proven equal by induction (default: ${onOff(DEFAULT_PREPROCESSING.lcorr)})`,
  choices: ['on', 'off'],
};

const chosen = new WeakMap<Problem, Preprocessing>();

/** The preprocessing an engine was asked for on this problem (the default when none was). */
export function preprocessingOf(problem: Problem): Preprocessing {
  return chosen.get(problem) ?? DEFAULT_PREPROCESSING;
}

/** `create` of a bit-level engine that takes `--sweep` and `--lcorr`. */
export function withPreprocessing(create: EngineSpec['create']): EngineSpec['create'] {
  return async (settings, problem) => {
    const { sweep, lcorr, ...rest } = settings;
    const choice: Preprocessing = {
      sweep: sweep === undefined ? DEFAULT_PREPROCESSING.sweep : sweep === 'on',
      lcorr: lcorr === undefined ? DEFAULT_PREPROCESSING.lcorr : lcorr === 'on',
    };
    const engine = await create(rest, problem);
    const views = new WeakMap<Problem, Problem>();
    const viewOf = (p: Problem) => {
      let view = views.get(p);
      if (!view) {
        views.set(p, (view = Object.create(p) as Problem));
        chosen.set(view, choice);
      }
      return view;
    };
    return {
      configuration: { ...engine.configuration, sweep: onOff(choice.sweep), lcorr: onOff(choice.lcorr) },
      check: (p, property, limits, reporter) => engine.check(viewOf(p), property, limits, reporter),
    };
  };
}
