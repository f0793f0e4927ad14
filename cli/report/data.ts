/**
 * What the HTML report of a check shows, as plain data (JSON-serialisable: strings, numbers,
 * arrays, records): made from a certified run by build.ts in the thread that owns the model, and
 * turned into one self-contained page by page.ts. Everything here is already certified and
 * already printed in the model's own syntax; the page only lays it out.
 */
import type { LineRange, Token } from '../../formalisms/report-view.js';

export interface ReportData {
  readonly vigil: string;
  readonly file: string;
  /** The front end's name, and what the file is in its terms (`AIGER circuit`). */
  readonly formalism: string;
  readonly title: string;
  /** The file's verdict: UNSAFE (NONTERMINATING) if a property fails, SAFE (TERMINATING) if all hold, else UNKNOWN. */
  readonly verdict: string;
  readonly reason?: string;
  readonly algorithm: string;
  /** The timeout and the engine's configuration, defaults included, as `--json` gives them. */
  readonly options: Readonly<Record<string, unknown>>;
  readonly memoryMb?: number;
  readonly timeMs: number;
  readonly source: SourceData;
  /** The automaton, where the model is one, in Graphviz DOT with an element id per location and edge. */
  readonly automaton?: AutomatonData;
  readonly properties: readonly PropertyData[];
}

export interface SourceData {
  /** The lines shown, as the front end highlights them (all of a text file up to a limit; none of a binary one). */
  readonly lines: readonly (readonly Token[])[];
  readonly totalLines: number;
  readonly bytes: number;
}

export interface AutomatonData {
  readonly dot: string;
  /** Each location's element in the drawing, as the front end names it (Graphviz names its own elements `node<n>`). */
  readonly locations: readonly { readonly name: string; readonly element: string }[];
  readonly edges: number;
}

export interface PropertyData {
  readonly name: string;
  readonly kind: string;
  readonly verdict: string;
  readonly reason?: string;
  readonly timeMs: number;
  readonly solverChecks: number;
  /** Every counter of the engine (and of each portfolio member, `member.counter`). */
  readonly statistics: Readonly<Record<string, number>>;
  /** The certificate's claim about the file (`trace`, `witness`, `invariant`, ...), how the summary names it, and how it was checked. */
  readonly certificate?: { readonly kind: string; readonly title: string; readonly check: string };
  /**
   * The files the front end writes for this property (`--cex` as CSV, `--witness`, `--vcd`,
   * `--certificate`), by the option that writes them, to download; past a size, not embedded.
   */
  readonly downloads: readonly { readonly name: string; readonly option: string; readonly bytes: number; readonly type: string; readonly base64?: string }[];
  readonly counterexample?: TraceData;
  readonly invariant?: InvariantData;
  readonly termination?: TerminationData;
  /** A derivation of false from a nonlinear clause system: its text, a step per line. */
  readonly derivation?: readonly string[];
  readonly arg?: ArgData;
  readonly progress?: ProgressData;
}

/** A run of the model, step by step: what the stepper walks through. */
export interface TraceData {
  /** The variables, in the model's order, as the page names them. */
  readonly columns: readonly string[];
  readonly steps: readonly StepData[];
  /** Circuits: the file's inputs, latches and properties per cycle, words grouped. */
  readonly waveform?: WaveformData;
}

interface StepData {
  readonly location?: string;
  /** Aligned with `columns`, in the model's syntax (circuit bits as 0 and 1). */
  readonly values: readonly string[];
  /** Indices of `columns` whose value differs from the step before. */
  readonly changed: readonly number[];
  /** The action taken from this step to the next (none at the last step). */
  readonly action?: ActionData;
}

export interface ActionData {
  readonly label: string;
  /** The edge's element id in the drawing, for a CFA. */
  readonly element?: string;
  readonly lines?: LineRange;
  /** Values chosen inside the step (havoc), `name = value`. */
  readonly choices: readonly string[];
}

export interface WaveformData {
  readonly cycles: number;
  readonly signals: readonly {
    readonly name: string;
    readonly kind: 'input' | 'latch' | 'bad';
    readonly width: number;
    /** Bits as 0/1, words in hexadecimal, one per cycle. */
    readonly values: readonly string[];
  }[];
}

export interface InvariantData {
  readonly title: string;
  readonly locations: readonly {
    readonly location: string;
    /** The drawing's element of the location, for a CFA. */
    readonly element?: string;
    /** The readable form shown (lang/readable.ts) and the formula that was checked, in the model's syntax. */
    readonly shown: string;
    readonly checked: string;
    /** The variables (circuits: latches) it mentions. */
    readonly mentions: readonly string[];
  }[];
  /** Circuits: the invariant's clauses over latches, each with the latches it mentions. */
  readonly clauses?: readonly { readonly text: string; readonly latches: readonly string[] }[];
}

export type TerminationData =
  | {
    readonly kind: 'transition-invariant';
    readonly title: string;
    readonly reach: readonly { readonly location: string; readonly text: string }[];
    readonly heads: readonly {
      readonly head: string;
      readonly element?: string;
      readonly relations: readonly { readonly location: string; readonly text: string }[];
      readonly ranked: readonly { readonly relation: string; readonly rank: string; readonly bound: string }[];
    }[];
    readonly certificate: string;
  }
  | {
    readonly kind: 'lasso';
    readonly title: string;
    /** The stem (or the whole run), stepped through; the cycle's steps start at `loopStart`. */
    readonly run: TraceData;
    readonly loopStart: number;
    /** The cycle's actions, from the head back to it. */
    readonly cycle: readonly ActionData[];
    readonly recurrentSet?: string;
    readonly certificate: string;
  };

/** The final abstract reachability graph of CEGAR, as a tree with covered-by links. */
export interface ArgData {
  readonly total: number;
  readonly nodes: readonly {
    readonly id: number;
    readonly parent?: number;
    readonly location: string;
    readonly state: string;
    readonly action?: string;
    readonly coveredBy?: number;
    readonly unsafe?: boolean;
  }[];
}

/** The run's progress over time, as the engine reported it. */
export interface ProgressData {
  /** Portfolio members: iteration and state at each report, ms since the start. */
  readonly members: readonly { readonly label: string; readonly points: readonly { readonly t: number; readonly iteration: number; readonly state: string }[] }[];
  /** CEGAR: the precision's size and its newest items after each iteration. */
  readonly precision: readonly { readonly iteration: number; readonly size: number; readonly newest: readonly string[] }[];
  /** IC3: the lemmas (clauses) in the frames when frame k was opened. */
  readonly frames: readonly { readonly frame: number; readonly clauses: number }[];
  /** The engine's phases and iterations, ms since the start. */
  readonly phases: readonly { readonly t: number; readonly phase: string; readonly iteration: number; readonly detail?: string }[];
}
