/** The option of random simulation (engines/aiger/random-sim.ts), apart from the engine so that listing engines loads nothing. */
import { OptionError, type EngineOption } from '../engine.js';

export const SIM_ROUNDS: EngineOption = {
  name: 'sim-rounds',
  value: 'n',
  group: 'Random simulation options:',
  help: 'sim: rounds of 64 random runs from the initial states, each as many steps long as a fixed amount of work allows on the circuit (at most 256) (default: none, rounds until the time limit)',
  parse: (s) => {
    if (!/^[1-9]\d*$/.test(s)) throw new OptionError(`--sim-rounds must be a positive whole number, got '${s}'`);
    return String(Number(s));
  },
};
