/** The bound of the bounded engines (BMC, k-induction, the portfolio's BMC): one option they share. */
import { OptionError, type EngineOption, type Settings } from './engine.js';

export const DEFAULT_BOUND = 20;

export const BOUND: EngineOption = {
  name: 'bound',
  value: 'k',
  group: 'BMC and k-induction options:',
  help: `deepest step searched by bmc, and the deepest k of kind (default: ${DEFAULT_BOUND})`,
  parse: (s) => {
    if (!/^\d+$/.test(s)) throw new OptionError(`--bound must be a whole number, got '${s}'`);
    return String(Number(s));
  },
};

export function boundOf(settings: Settings): number {
  return settings.bound === undefined ? DEFAULT_BOUND : Number(settings.bound);
}
