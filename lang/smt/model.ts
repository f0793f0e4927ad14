/**
 * A Z3 model, read back as Vigil literals.
 *
 * Evaluation uses model completion: a variable the solver left unconstrained gets a default value,
 * which Z3 then records in the model, so repeated evaluations agree. The model is freed by
 * `dispose()`, or after garbage collection if the caller drops it (V8 cannot see the WASM heap,
 * so callers in loops should dispose explicitly).
 */
import { Expr, VarDecl, ref } from '../expr.js';
import { Z3Context, Z3Error, Z3Owner } from './context.js';
import { translator } from './translate.js';

/** The model reference, apart from the model object so that the object itself can be collected. */
class ModelRef implements Z3Owner {
  private live = true;

  constructor(readonly z3: Z3Context, readonly ptr: number) {
    z3.own(this);
  }

  get alive(): boolean {
    return this.live && this.z3.alive;
  }

  release(): void {
    if (!this.live) return;
    this.live = false;
    this.z3.disown(this);
    if (this.z3.alive) this.z3.em._Z3_model_dec_ref(this.z3.ctx, this.ptr);
  }
}

const finalizer = new FinalizationRegistry<ModelRef>((r) => r.release());

export class SmtModel {
  private readonly handle: ModelRef;

  /** Takes over a reference to `ptr` that the caller has already counted. */
  constructor(readonly z3: Z3Context, readonly ptr: number) {
    this.handle = new ModelRef(z3, ptr);
    finalizer.register(this, this.handle, this);
  }

  /** The value of `e` in this model, as a literal (a canonical array literal for arrays). */
  eval(e: Expr): Expr {
    const v = this.evalZ3(translator(this.z3).toZ3(e));
    try {
      return translator(this.z3).fromZ3Value(v, e.type, this.ptr);
    } finally {
      this.z3.release(v);
    }
  }

  /** The values of the given variables. */
  valuation(vars: readonly VarDecl[]): Map<VarDecl, Expr> {
    return new Map(vars.map((v) => [v, this.eval(ref(v))]));
  }

  /** Evaluates a Z3 term with model completion; the result is kept, release it when done. */
  evalZ3(ast: number): number {
    if (!this.handle.alive) throw new Z3Error('the model has been disposed');
    const { em, ctx } = this.z3;
    if (!em._Z3_model_eval(ctx, this.ptr, ast, 1, this.z3.out)) {
      this.z3.check();
      throw new Z3Error(`the model cannot evaluate ${translator(this.z3).show(ast)}`);
    }
    return this.z3.keep(this.z3.outHandle());
  }

  dispose(): void {
    finalizer.unregister(this);
    this.handle.release();
  }
}
