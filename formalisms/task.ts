/**
 * What an engine checks: one property of a problem, in the views its front end gives and the
 * passes (engines/passes/) transform. Every task but a nonlinear clause system's has the
 * word-level view, the interpreter (`model`); a task whose model is a circuit has the bit-level
 * view too (`circuit`, an and-inverter graph whose one bad-state literal is the property), and
 * a clause system's the clause view (`clauses`), a nonlinear one that view alone. The engines declare which view
 * they need (engines/engine.ts), and answer with certificates over the view they checked; the
 * passes map those back, and the problem's front end turns the result into claims about the file
 * (formalisms/problem.ts).
 */
import type { Aig } from './aig.js';
import type { Interpreter } from './interpreter.js';
import type { Property } from './property-kinds.js';
import type { Type } from '../lang/types.js';
import type { ClauseView } from './frontends/chc/layout.js';

/** The kinds of values a model's variables range over; engines declare which they handle. */
export type Theory = Type['kind'];

export interface Task {
  readonly file: string;
  readonly property: Property;
  readonly theories: ReadonlySet<Theory>;
  /**
   * The interpreter view: what the word-level engines check, built when first asked for; a
   * nonlinear clause system has none, and asking for it throws the located refusal.
   */
  readonly model: Interpreter;
  /** The clause system, where the model is one (CHC): what the engines over clauses check. */
  readonly clauses?: ClauseView;
  /** The circuit, where the model is one or has one: inputs and latches keep their positions in the file (`index`). */
  readonly circuit?: Aig;
  /**
   * Whether the interpreter view is the circuit's own transition system (a circuit file's), so
   * that the circuit passes shrink both views; where the model is richer than its circuit (BTOR2's
   * words, the circuit bit-blasted from them), the engines that check circuits get the circuit
   * alone and the others the model as it is.
   */
  readonly modelIsCircuit?: boolean;
  /**
   * The file's contents as read, where the task is not a circuit: what a worker thread reads the
   * task from again (expressions are per thread, so each thread builds its own).
   */
  readonly source?: Uint8Array;
  /**
   * Whether the file's format states proofs as inductive invariants only (CHC's models): the
   * engines' k-inductive invariants are then strengthened into inductive ones
   * (engines/passes/inductive.ts).
   */
  readonly inductiveProofs?: boolean;
}
