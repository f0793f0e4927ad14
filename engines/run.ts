/**
 * What an engine's run sees besides its task: the limits it honours, and where it reports its
 * progress (the terminal interface, the plain progress lines, the bench's feed) and its notes.
 */
/** Limits every engine honours. */
export interface Limits {
  /** Absolute time (ms since the epoch, as `Date.now()`) after which the engine gives up. */
  readonly deadline?: number;
  /**
   * Polled with the clock by the bit-level engines (their SAT solver, and between steps): true ends
   * the check as its deadline would. A check in the command's own thread ends this way when its
   * memory runs short (cli/in-thread.ts); the circuit portfolio stops its first member this way when
   * a worker has answered.
   */
  readonly stop?: () => boolean;
  /** The log a portfolio's IC3 members share their lemmas through (`--share on`, engines/lemma-pool.ts). */
  readonly lemmas?: SharedArrayBuffer;
}

/** Progress reports for the terminal interface and the plain progress lines. */
export interface Progress {
  readonly phase: string;
  readonly iteration: number;
  readonly detail?: string;
  /** Counters so far (solver checks and time, ARG nodes, IC3 clauses, ...), plain numbers. */
  readonly stats?: Readonly<Record<string, number>>;
  /** The newest predicates or variables of the precision, printed. */
  readonly newest?: readonly string[];
  /** The property being checked, when the file has several. */
  readonly property?: string;
  /** A portfolio's members, one row each: state, phase, iteration and counters as each last reported them. */
  readonly members?: readonly MemberProgress[];
}

/** One engine of a portfolio as the interface shows it. */
export interface MemberProgress {
  readonly label: string;
  readonly state: 'waiting' | 'running' | 'unknown' | 'won' | 'stopped';
  readonly phase?: string;
  readonly iteration?: number;
  readonly detail?: string;
  readonly stats?: Readonly<Record<string, number>>;
}

/** Where an engine reports its progress, and notes about how it adapted its configuration to the model. */
export interface Reporter {
  progress(p: Progress): void;
  note(line: string): void;
}
