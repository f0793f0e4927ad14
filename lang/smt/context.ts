/**
 * The one long-lived Z3 context of this thread, driven through the synchronous low-level exports
 * of the `z3-solver` WebAssembly module (smt-notes §1–3).
 *
 * The asynchronous wrappers cost about 1.5 ms per call (a worker round trip); the plain `em._Z3_*`
 * exports run on the calling thread. The context uses explicit reference counting
 * (`mk_context_rc`): every AST kept across another API call must be `inc_ref`'d, because Z3 keeps
 * an unreferenced result alive only until the next call. The package installs a no-op error
 * handler, so errors are read back with `get_error_code` and turned into `Z3Error`s here.
 *
 * The package's module is built with Emscripten's assertions on. One of them sits on Z3's hottest
 * path: every call through a C++ exception trampoline (`invoke_*`) read the function table a
 * second time to assert that its mirror was current. `patches/z3-solver+5.2.0.patch`, applied by
 * patch-package on install, removes that one assertion (docs/guide/engines.md, "Z3 without its
 * table assertion").
 */
import { init } from 'z3-solver';

type Fn = (...args: number[]) => number;

/** The Emscripten module: the C API as plain functions over 32-bit handles. */
interface Em {
  readonly HEAPU32: Uint32Array;
  _malloc(bytes: number): number;
  _free(ptr: number): void;
  _set_noop_error_handler(ctx: number): void;
  ccall(name: string, ret: 'string' | 'number', argTypes: readonly string[], args: readonly (number | string)[]): string | number;
  readonly [name: `_Z3_${string}`]: Fn;
}

/** A failed Z3 API call (bad sort, parse error, ...): a bug in the caller, not a verdict. */
export class Z3Error extends Error {}

/** Something holding Z3 references (a term cache, a solver, a model) that must drop them before shutdown. */
export interface Z3Owner {
  release(): void;
}

export class Z3Context {
  /** False after `shutdown()`: every handle of this context is then dangling. */
  alive = true;
  /** Z3 never frees symbols, so constants are named by small integers from this counter. */
  private nextSymbol = 0;
  /** A reusable buffer for array arguments (assumptions, bound variables, substitutions). */
  private scratch = 0;
  private scratchWords = 0;
  /** A word for out-parameters (`model_eval`). */
  readonly out: number;
  /**
   * Everyone holding references. Z3 frees a context with referenced terms left by peeling off one
   * layer of roots per pass over all terms, quadratic in the depth (seconds for a 2500-deep chain),
   * so every reference is dropped first and deletion stays linear.
   */
  private readonly owners = new Set<Z3Owner>();

  constructor(readonly em: Em, readonly ctx: number) {
    this.out = em._malloc(8);
    this.reserve(4096);
  }

  /** Throws if the last API call failed. */
  check(): void {
    const code = this.em._Z3_get_error_code(this.ctx);
    if (code !== 0) {
      const msg = this.em.ccall('Z3_get_error_msg', 'string', ['number', 'number'], [this.ctx, code]);
      throw new Z3Error(`Z3 error ${code}: ${msg}`);
    }
  }

  /** Returns a handle produced by the last call, or throws that call's error. */
  ok(handle: number): number {
    if (handle === 0) {
      this.check();
      throw new Z3Error('Z3 returned a null handle');
    }
    return handle;
  }

  /** `inc_ref`s an AST and returns it. */
  keep(ast: number): number {
    this.em._Z3_inc_ref(this.ctx, this.ok(ast));
    return ast;
  }

  release(ast: number): void {
    if (this.alive) this.em._Z3_dec_ref(this.ctx, ast);
  }

  /** A new integer symbol number: constants named by it are distinct from all others. */
  freshSymbol(): number {
    return this.nextSymbol++;
  }

  /** A fresh constant of the given sort, kept (`inc_ref`'d). */
  freshConst(sort: number): number {
    const sym = this.em._Z3_mk_int_symbol(this.ctx, this.freshSymbol());
    return this.keep(this.em._Z3_mk_const(this.ctx, sym, sort));
  }

  /** Calls a C function that returns a string. */
  str(name: string, ...args: number[]): string {
    const s = this.em.ccall(name, 'string', args.map(() => 'number'), args) as string;
    this.check();
    return s;
  }

  /** Makes a numeral from its decimal or `p/q` text. */
  numeral(text: string, sort: number): number {
    return this.ok(this.em.ccall('Z3_mk_numeral', 'number', ['number', 'string', 'number'], [this.ctx, text, sort]) as number);
  }

  stringSymbol(name: string): number {
    return this.ok(this.em.ccall('Z3_mk_string_symbol', 'number', ['number', 'string'], [this.ctx, name]) as number);
  }

  /**
   * Copies arrays of handles into the scratch buffer and returns their addresses. The addresses are
   * valid until the next call of `arrays`: pass them straight to one API call.
   */
  arrays(...lists: readonly (readonly number[])[]): number[] {
    const total = lists.reduce((n, l) => n + l.length, 0);
    this.reserve(total);
    const ptrs: number[] = [];
    let at = this.scratch;
    for (const l of lists) {
      ptrs.push(at);
      this.em.HEAPU32.set(l, at >>> 2);
      at += 4 * l.length;
    }
    return ptrs;
  }

  /** The handle an out-parameter call left in `out`. */
  outHandle(): number {
    return this.em.HEAPU32[this.out >>> 2]!;
  }

  private reserve(words: number): void {
    if (words <= this.scratchWords) return;
    if (this.scratch) this.em._free(this.scratch);
    this.scratchWords = Math.max(words, 2 * this.scratchWords);
    this.scratch = this.em._malloc(4 * this.scratchWords);
  }

  own(o: Z3Owner): void {
    this.owners.add(o);
  }

  disown(o: Z3Owner): void {
    this.owners.delete(o);
  }

  /** Frees the context and everything made in it. */
  dispose(): void {
    if (!this.alive) return;
    for (const o of this.owners) o.release();
    this.owners.clear();
    this.alive = false;
    this.em._free(this.scratch);
    this.em._free(this.out);
    this.em._Z3_del_context(this.ctx);
  }
}

let module: Promise<Em> | undefined;
let loading: Promise<Z3Context> | undefined;

/** The WebAssembly module, initialised once per thread and shared by every context on it. */
function loadModule(): Promise<Em> {
  module ??= init().then((api) => {
    const em = api.em as Em;
    // Model compaction (merging and renaming of the model's definitions) cost about 3 ms per model
    // in a CEGAR run, three times the check itself; evaluation gives the same values without it.
    em.ccall('Z3_global_param_set', 'number', ['string', 'string'], ['model.compact', 'false']);
    return em;
  });
  return module;
}

function newContext(em: Em): Z3Context {
  const cfg = em._Z3_mk_config();
  const ctx = em._Z3_mk_context_rc(cfg);
  em._Z3_del_config(cfg);
  em._set_noop_error_handler(ctx);
  return new Z3Context(em, ctx);
}

/** Initialises Z3 once per thread; later calls return the same context until `shutdown()`. */
export function loadZ3(): Promise<Z3Context> {
  loading ??= (async () => {
    return newContext(await loadModule());
  })();
  return loading;
}

/**
 * A new context of its own on the same WebAssembly module (loaded if need be): no term, sort,
 * solver or cache is shared with the context of `loadZ3()`, and `shutdown()` leaves it alive. The
 * caller owns it and frees it with `dispose()`.
 */
export async function freshZ3(): Promise<Z3Context> {
  return newContext(await loadModule());
}

/**
 * Frees the context and everything made in it (solvers, models, cached terms). With no check in
 * flight (all checks here are synchronous) the process can then exit by itself. A later `loadZ3()`
 * makes a new context on the same WebAssembly instance.
 */
export async function shutdown(): Promise<void> {
  const z3 = loading && (await loading);
  loading = undefined;
  z3?.dispose();
}
