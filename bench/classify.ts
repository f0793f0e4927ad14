/**
 * A run's status against the expected verdict (correct, wrong, solved without an expected verdict,
 * unknown, timeout, out of memory, error), and the paper's Termination that follows from it.
 */
import type { Measured } from './limits.js';
import type { Status } from './results.js';
import type { Model } from './suite.js';
import type { UnknownKind } from '../formalisms/result.js';

/** What a tool answered, before classification. */
export interface Answer {
  readonly result: 'safe' | 'unsafe' | 'terminating' | 'nonterminating' | 'unknown' | undefined;
  /** Why it is unknown, for people (or the error, when there is no result). */
  readonly reason: string;
  /** Why it is unknown, typed: Vigil's own, or what the harness read off a peer's output. */
  readonly reasonKind?: UnknownKind;
  readonly killedBy: Measured['killedBy'];
}

/** The paper's Succ and Termination follow from the status. */
export function classify(expected: Model['expected'], o: Answer): Status {
  if (o.killedBy === 'memory') return 'memout';
  if (o.killedBy === 'time') return 'timeout';
  if (o.result === undefined) return 'error';
  if (o.result === 'unknown') return o.reasonKind === 'timeout' ? 'timeout' : o.reasonKind === 'memory' ? 'memout' : 'unknown';
  if (expected === 'unknown') return 'solved';
  return o.result === expected ? 'correct' : 'wrong';
}

export function termination(s: Status): string {
  return s === 'timeout' ? 'time' : s === 'memout' ? 'memory' : s === 'error' ? 'exception' : 'success';
}

