/**
 * The level an engine checks a model at, where the model has two (a BTOR2 model: its words, and the
 * circuit bit-blasted from them; an AIGER file: its circuit, and the circuit's transition system):
 * `--level bit` the circuit, `--level word` the transition system with Z3's theories. Without it,
 * an engine that exists at both levels (bmc, ic3, kind) checks the circuit, and the portfolio races
 * members of both levels on a model whose words are richer than its circuit.
 */
import { OptionError, offerOf, type EngineOption, type Offer, type Settings } from './engine.js';
import type { Task } from '../formalisms/task.js';

export const LEVEL: EngineOption = {
  name: 'level',
  value: 'bit|word',
  group: 'Engine options:',
  choices: ['bit', 'word'],
  help: 'on a model with a circuit: check the circuit (bit) or the words with Z3 (word); default: the circuit, and for the portfolio on BTOR2 both',
};

type Level = 'bit' | 'word';

export function levelOf(settings: Settings): Level | undefined {
  return settings[LEVEL.name] as Level | undefined;
}

/** What the task offers an engine run with these settings: `--level word` hides the circuit. */
export function offerFor(task: Task, settings: Settings): Offer {
  const level = levelOf(settings);
  if (level === 'bit' && !task.circuit) throw new OptionError(`--level bit: ${task.file} has no circuit to check`);
  const offer = offerOf(task);
  return level === 'word' ? { ...offer, circuit: false } : offer;
}
