/** The bound of the bounded engines (BMC, k-induction, the portfolio's bounded members): one option they share. */
import { OptionError, type EngineOption, type Settings } from './engine.js';

export const BOUND: EngineOption = {
  name: 'bound',
  value: 'k',
  group: 'BMC and k-induction options:',
  help: 'deepest step searched by bmc, the deepest k of kind, the deepest bound of imc and of pdkind (default: none, they search until the time limit)',
  parse: (s) => {
    if (!/^\d+$/.test(s)) throw new OptionError(`--bound must be a whole number, got '${s}'`);
    return String(Number(s));
  },
};

/** The bound the settings give: unbounded without `--bound`. */
export function boundOf(settings: Settings): number {
  return settings.bound === undefined ? Infinity : Number(settings.bound);
}

/** The bound as `--json`'s configuration shows it: only when there is one. */
export function boundShown(bound: number): { bound?: number } {
  return Number.isFinite(bound) ? { bound } : {};
}
