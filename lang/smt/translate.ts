/**
 * Translation between Vigil expressions and Z3 terms, both ways.
 *
 * Forward (`toZ3`): every expression node becomes one Z3 term, cached by expression id and
 * `inc_ref`'d once for the life of the context, so shared sub-DAGs are translated once and repeated
 * queries over the same formulas cost a map lookup. The walk is `postorder`, hence iterative: AIGER
 * cones thousands of levels deep do not overflow the stack. Variables (including the step-indexed
 * copies made by `indexed`) and primed leaves become Z3 constants with integer names.
 *
 * Floating point maps one to one onto Z3's FloatingPoint theory: `fp[E,S]` is Z3's (E, S) sort (S
 * counts the hidden bit in both), each CFA operator and rounding mode its `Z3_mk_fpa_*` term, the
 * generic `+ - * /` rounding to nearest even and `=`/`/=` IEEE equality (`fp.eq`).
 *
 * Backward: `fromZ3Value` reads a model value (a literal, a float read field by field, or a
 * canonical `arrayValue`), and `fromZ3` rebuilds a formula over the known variables, for what
 * model-based projection returns.
 */
import { Z3_ast_kind, Z3_decl_kind, Z3_sort_kind } from 'z3-solver';
import { BvOp, Expr, False, Rational, True, add, and, arrayLit, arrayValue, bv, bvop, concat, div, eq, extend, extract, fpLit, ge, gt, iff, imply, int, ite, le, lt, mod, mul, neg, neq, not, or, postorder, rat, read, ref, rem, sub, toRat, write, xor } from '../expr.js';
import { FpValue } from '../float.js';
import { ArrayType, BoolT, FpType, IntT, RatT, Type, arrayType, bvType, fpType } from '../types.js';
import { roundingOf } from '../fold.js';
import { inf, nan, zero, type RoundingMode } from '../float.js';
import { Z3Context, Z3Owner } from './context.js';

/** A construct the SMT bridge cannot handle (non-linear model values, ...). */
export class UnsupportedError extends Error {}

/** Z3 constructors of the rounding-mode constants. */
const RM_MK: Record<RoundingMode, `_Z3_${string}`> = {
  RNE: '_Z3_mk_fpa_rne', RNA: '_Z3_mk_fpa_rna', RTP: '_Z3_mk_fpa_rtp', RTN: '_Z3_mk_fpa_rtn', RTZ: '_Z3_mk_fpa_rtz',
};

/** Z3 constructors of the floating-point operators that take a rounding mode and two operands. */
const FP_ROUNDED: Record<string, `_Z3_${string}`> = {
  '+': '_Z3_mk_fpa_add', fpadd: '_Z3_mk_fpa_add', '-': '_Z3_mk_fpa_sub', fpsub: '_Z3_mk_fpa_sub',
  '*': '_Z3_mk_fpa_mul', fpmul: '_Z3_mk_fpa_mul', '/': '_Z3_mk_fpa_div', fpdiv: '_Z3_mk_fpa_div',
};

/** ... that take two operands and no rounding mode (IEEE comparisons, remainder, min and max). */
const FP_PLAIN: Record<string, `_Z3_${string}`> = {
  '=': '_Z3_mk_fpa_eq', '<': '_Z3_mk_fpa_lt', '<=': '_Z3_mk_fpa_leq', '>': '_Z3_mk_fpa_gt', '>=': '_Z3_mk_fpa_geq',
  fprem: '_Z3_mk_fpa_rem', fpmin: '_Z3_mk_fpa_min', fpmax: '_Z3_mk_fpa_max',
};

/** Z3 constructors of the bit-vector operators; rotations take a bit-vector amount (`ext_rotate`). */
const BV_MK: Record<BvOp, string> = {
  bvadd: '_Z3_mk_bvadd', bvsub: '_Z3_mk_bvsub', bvmul: '_Z3_mk_bvmul', bvudiv: '_Z3_mk_bvudiv',
  bvsdiv: '_Z3_mk_bvsdiv', bvsmod: '_Z3_mk_bvsmod', bvurem: '_Z3_mk_bvurem', bvsrem: '_Z3_mk_bvsrem',
  bvand: '_Z3_mk_bvand', bvor: '_Z3_mk_bvor', bvxor: '_Z3_mk_bvxor', bvshl: '_Z3_mk_bvshl',
  bvashr: '_Z3_mk_bvashr', bvlshr: '_Z3_mk_bvlshr', bvrol: '_Z3_mk_ext_rotate_left', bvror: '_Z3_mk_ext_rotate_right',
  bvult: '_Z3_mk_bvult', bvule: '_Z3_mk_bvule', bvugt: '_Z3_mk_bvugt', bvuge: '_Z3_mk_bvuge',
  bvslt: '_Z3_mk_bvslt', bvsle: '_Z3_mk_bvsle', bvsgt: '_Z3_mk_bvsgt', bvsge: '_Z3_mk_bvsge',
  bvnot: '_Z3_mk_bvnot', bvneg: '_Z3_mk_bvneg',
};

/** Z3's bit-vector operations back to ours (the `_I` kinds are what the simplifier leaves). */
const BV_BACK = new Map<number, BvOp>([
  [Z3_decl_kind.Z3_OP_BADD, 'bvadd'], [Z3_decl_kind.Z3_OP_BSUB, 'bvsub'], [Z3_decl_kind.Z3_OP_BMUL, 'bvmul'],
  [Z3_decl_kind.Z3_OP_BUDIV, 'bvudiv'], [Z3_decl_kind.Z3_OP_BUDIV_I, 'bvudiv'],
  [Z3_decl_kind.Z3_OP_BSDIV, 'bvsdiv'], [Z3_decl_kind.Z3_OP_BSDIV_I, 'bvsdiv'],
  [Z3_decl_kind.Z3_OP_BSMOD, 'bvsmod'], [Z3_decl_kind.Z3_OP_BSMOD_I, 'bvsmod'],
  [Z3_decl_kind.Z3_OP_BUREM, 'bvurem'], [Z3_decl_kind.Z3_OP_BUREM_I, 'bvurem'],
  [Z3_decl_kind.Z3_OP_BSREM, 'bvsrem'], [Z3_decl_kind.Z3_OP_BSREM_I, 'bvsrem'],
  [Z3_decl_kind.Z3_OP_BAND, 'bvand'], [Z3_decl_kind.Z3_OP_BOR, 'bvor'], [Z3_decl_kind.Z3_OP_BXOR, 'bvxor'],
  [Z3_decl_kind.Z3_OP_BSHL, 'bvshl'], [Z3_decl_kind.Z3_OP_BASHR, 'bvashr'], [Z3_decl_kind.Z3_OP_BLSHR, 'bvlshr'],
  [Z3_decl_kind.Z3_OP_EXT_ROTATE_LEFT, 'bvrol'], [Z3_decl_kind.Z3_OP_EXT_ROTATE_RIGHT, 'bvror'],
  [Z3_decl_kind.Z3_OP_ULT, 'bvult'], [Z3_decl_kind.Z3_OP_ULEQ, 'bvule'], [Z3_decl_kind.Z3_OP_UGT, 'bvugt'],
  [Z3_decl_kind.Z3_OP_UGEQ, 'bvuge'], [Z3_decl_kind.Z3_OP_SLT, 'bvslt'], [Z3_decl_kind.Z3_OP_SLEQ, 'bvsle'],
  [Z3_decl_kind.Z3_OP_SGT, 'bvsgt'], [Z3_decl_kind.Z3_OP_SGEQ, 'bvsge'],
  [Z3_decl_kind.Z3_OP_BNOT, 'bvnot'], [Z3_decl_kind.Z3_OP_BNEG, 'bvneg'],
]);

const K = Z3_decl_kind;

/*
 * A term made by one call and passed straight to the next survives without `inc_ref`: Z3 keeps the
 * last result of an API call alive until the call after it, and the new parent then holds it.
 */
export class Translator implements Z3Owner {
  private readonly cache = new Map<number, number>();
  /** Z3 constant -> the `var`/`prime` leaf it stands for. */
  private readonly leaves = new Map<number, Expr>();
  private readonly sorts = new Map<Type, number>();
  private readonly roundingModes = new Map<RoundingMode, number>();

  constructor(readonly z3: Z3Context) {
    z3.own(this);
  }

  /** Drops every cached term (at shutdown). */
  release(): void {
    for (const ast of this.cache.values()) this.z3.release(ast);
    for (const s of this.sorts.values()) this.z3.release(s);
    for (const r of this.roundingModes.values()) this.z3.release(r);
    this.cache.clear();
    this.sorts.clear();
    this.roundingModes.clear();
    this.leaves.clear();
  }

  /** The Z3 sort of a type. */
  sort(t: Type): number {
    let s = this.sorts.get(t);
    if (s !== undefined) return s;
    const { em, ctx } = this.z3;
    switch (t.kind) {
      case 'bool': s = em._Z3_mk_bool_sort(ctx); break;
      case 'int': s = em._Z3_mk_int_sort(ctx); break;
      case 'rat': s = em._Z3_mk_real_sort(ctx); break;
      case 'bv': s = em._Z3_mk_bv_sort(ctx, t.width); break;
      case 'array': {
        const index = this.sort(t.index);
        s = em._Z3_mk_array_sort(ctx, index, this.sort(t.elem));
        break;
      }
      case 'fp': s = em._Z3_mk_fpa_sort(ctx, t.exp, t.sig); break;
    }
    this.z3.keep(s);
    this.sorts.set(t, s);
    return s;
  }

  /** The Z3 term of `root`; it stays referenced as long as the context lives (do not `dec_ref`). */
  toZ3(root: Expr): number {
    const hit = this.cache.get(root.id);
    if (hit !== undefined) return hit;
    for (const e of postorder(root)) {
      if (this.cache.has(e.id)) continue;
      this.cache.set(e.id, this.z3.keep(this.node(e)));
    }
    return this.cache.get(root.id)!;
  }

  /** The Z3 constants standing for the given leaves (`ref(v)` or primed), in order. */
  constants(leaves: readonly Expr[]): number[] {
    return leaves.map((l) => this.toZ3(l));
  }

  private node(e: Expr): number {
    const { em, ctx } = this.z3;
    const a = e.args.map((x) => this.cache.get(x.id)!);
    const [a0, a1, a2] = a as [number, number, number];
    switch (e.op) {
      case 'lit': return this.literal(e);
      case 'fplit': return this.fpLiteral(e);
      case 'fpop': return this.fp(e, a);
      case 'var':
      case 'prime': {
        const sym = em._Z3_mk_int_symbol(ctx, this.z3.freshSymbol());
        const c = this.z3.ok(em._Z3_mk_const(ctx, sym, this.sort(e.type)));
        this.leaves.set(c, e);
        return c;
      }
      case 'not': return em._Z3_mk_not(ctx, a0);
      case 'and': return this.nary('_Z3_mk_and', a);
      case 'or': return this.nary('_Z3_mk_or', a);
      // Z3_mk_xor takes time linear in the depth of its operands (quadratic on AIGER chains)
      case 'xor': return em._Z3_mk_not(ctx, em._Z3_mk_iff(ctx, a0, a1));
      case 'imply': return em._Z3_mk_implies(ctx, a0, a1);
      case 'iff': return em._Z3_mk_iff(ctx, a0, a1);
      case 'ite': return em._Z3_mk_ite(ctx, a0, a1, a2);
      case 'eq': return em._Z3_mk_eq(ctx, a0, a1);
      case 'neq': return em._Z3_mk_not(ctx, em._Z3_mk_eq(ctx, a0, a1));
      case 'forall':
      case 'exists': return this.quantifier(e);
      case 'lt': return em._Z3_mk_lt(ctx, a0, a1);
      case 'le': return em._Z3_mk_le(ctx, a0, a1);
      case 'gt': return em._Z3_mk_gt(ctx, a0, a1);
      case 'ge': return em._Z3_mk_ge(ctx, a0, a1);
      case 'add': return this.nary('_Z3_mk_add', a);
      case 'mul': return this.nary('_Z3_mk_mul', a);
      case 'sub': return this.nary('_Z3_mk_sub', a);
      // on two ints Z3's `/` is SMT-LIB's Euclidean `div`; on reals it is exact division
      case 'div': return em._Z3_mk_div(ctx, a0, a1);
      case 'mod': return em._Z3_mk_mod(ctx, a0, a1);
      // Z3's rem is mod for a non-negative divisor and -mod for a negative one, as formats.md 2.7
      case 'rem': return em._Z3_mk_rem(ctx, a0, a1);
      case 'neg': return em._Z3_mk_unary_minus(ctx, a0);
      case 'toRat': return em._Z3_mk_int2real(ctx, a0);
      case 'read': return em._Z3_mk_select(ctx, a0, a1);
      case 'write': return em._Z3_mk_store(ctx, a0, a1, a2);
      case 'arraylit': {
        const t = e.type as ArrayType;
        let arr = (em._Z3_mk_const_array(ctx, this.sort(t.index), a0));
        for (let i = 1; i < a.length; i += 2) arr = em._Z3_mk_store(ctx, arr, a[i]!, a[i + 1]!);
        return arr;
      }
      case 'concat': {
        let acc = a0;
        for (let i = 1; i < a.length; i++) acc = em._Z3_mk_concat(ctx, acc, a[i]!);
        return acc;
      }
      // the language's upper bound is exclusive, SMT-LIB's inclusive
      case 'extract': return em._Z3_mk_extract(ctx, (e.params![0] as number) - 1, e.params![1] as number, a0);
      case 'zext': return em._Z3_mk_zero_ext(ctx, (e.params![0] as number) - this.width(e.args[0]!), a0);
      case 'sext': return em._Z3_mk_sign_ext(ctx, (e.params![0] as number) - this.width(e.args[0]!), a0);
      default: {
        const mk = BV_MK[e.op as BvOp];
        const f = em[mk as `_Z3_${string}`];
        return a.length === 1 ? f(ctx, a0) : f(ctx, a0, a1);
      }
    }
  }

  private width(e: Expr): number {
    return e.type.kind === 'bv' ? e.type.width : 0;
  }

  private nary(mk: `_Z3_${string}`, args: readonly number[]): number {
    const [ptr] = this.z3.arrays(args);
    return this.z3.em[mk](this.z3.ctx, args.length, ptr!);
  }

  private literal(e: Expr): number {
    const { em, ctx } = this.z3;
    const v = e.value!;
    if (typeof v === 'boolean') return v ? em._Z3_mk_true(ctx) : em._Z3_mk_false(ctx);
    const sort = this.sort(e.type);
    if (typeof v === 'bigint') {
      if (e.type.kind === 'bv' && v < 1n << 32n) return em._Z3_mk_unsigned_int(ctx, Number(v), sort);
      if (e.type.kind === 'int' && v >= -(1n << 31n) && v < 1n << 31n) return em._Z3_mk_int(ctx, Number(v), sort);
      return this.z3.numeral(String(v), sort);
    }
    const r = v as Rational;
    return this.z3.numeral(r.den === 1n ? String(r.num) : `${r.num}/${r.den}`, sort);
  }

  /** The Z3 constant of a rounding mode, kept for the life of the translator. */
  private rounding(rm: RoundingMode): number {
    let r = this.roundingModes.get(rm);
    if (r === undefined) this.roundingModes.set(rm, (r = this.z3.keep(this.z3.em[RM_MK[rm]](this.z3.ctx))));
    return r;
  }

  private fpLiteral(e: Expr): number {
    const { em, ctx } = this.z3;
    const t = e.type as FpType;
    const v = e.value as FpValue;
    const bits = (value: bigint, width: number): number => this.literal(bv(value, width));
    // each part is kept while the next is made: only the last result of a call survives unreferenced
    const sign = this.z3.keep(bits(v.sign ? 1n : 0n, 1));
    const exp = this.z3.keep(bits(v.exp, t.exp));
    try {
      return em._Z3_mk_fpa_fp(ctx, sign, exp, bits(v.sig, t.sig - 1));
    } finally {
      this.z3.release(sign);
      this.z3.release(exp);
    }
  }

  /** A floating-point operator, by its CFA name; `a` are the translated operands. */
  private fp(e: Expr, a: readonly number[]): number {
    const { em, ctx } = this.z3;
    const [name, ...params] = e.params as string[];
    const [a0, a1] = a as [number, number];
    const rm = this.rounding(roundingOf(params));
    if (name === '-' && a.length === 1) return em._Z3_mk_fpa_neg(ctx, a0);
    const rounded = FP_ROUNDED[name!];
    if (rounded) return em[rounded](ctx, rm, a0, a1);
    const plain = FP_PLAIN[name!];
    if (plain) return em[plain](ctx, a0, a1);
    switch (name) {
      case '/=': return em._Z3_mk_not(ctx, em._Z3_mk_fpa_eq(ctx, a0, a1));
      case 'fpabs': return em._Z3_mk_fpa_abs(ctx, a0);
      case 'fpneg': return em._Z3_mk_fpa_neg(ctx, a0);
      case 'fppos': return a0;
      case 'fpisnan': return em._Z3_mk_fpa_is_nan(ctx, a0);
      case 'fpsqrt': return em._Z3_mk_fpa_sqrt(ctx, rm, a0);
      case 'fproundtoint': return em._Z3_mk_fpa_round_to_integral(ctx, rm, a0);
      case 'fptofp': return em._Z3_mk_fpa_to_fp_float(ctx, rm, a0, this.sort(e.type));
      case 'fpfrombv':
        return params[1] === 's' ? em._Z3_mk_fpa_to_fp_signed(ctx, rm, a0, this.sort(e.type)) : em._Z3_mk_fpa_to_fp_unsigned(ctx, rm, a0, this.sort(e.type));
      case 'fptobv':
        return params[0]!.endsWith('s') ? em._Z3_mk_fpa_to_sbv(ctx, rm, a0, this.width(e)) : em._Z3_mk_fpa_to_ubv(ctx, rm, a0, this.width(e));
      default: throw new UnsupportedError(`unknown floating-point operator ${name}`);
    }
  }

  private quantifier(e: Expr): number {
    const body = this.toZ3(e.args[0]!);
    const bound = e.bound!.map((d) => this.toZ3(ref(d)));
    const [ptr] = this.z3.arrays(bound);
    return this.z3.em._Z3_mk_quantifier_const(this.z3.ctx, e.op === 'forall' ? 1 : 0, 0, bound.length, ptr!, 0, 0, body);
  }

  // ---------------------------------------------------------------- back from Z3

  /** Our type of a Z3 sort. */
  typeOf(sort: number): Type {
    const { em, ctx } = this.z3;
    switch (em._Z3_get_sort_kind(ctx, sort)) {
      case Z3_sort_kind.Z3_BOOL_SORT: return BoolT;
      case Z3_sort_kind.Z3_INT_SORT: return IntT;
      case Z3_sort_kind.Z3_REAL_SORT: return RatT;
      case Z3_sort_kind.Z3_BV_SORT: return bvType(em._Z3_get_bv_sort_size(ctx, sort));
      case Z3_sort_kind.Z3_ARRAY_SORT:
        return arrayType(this.typeOf(em._Z3_get_array_sort_domain(ctx, sort)), this.typeOf(em._Z3_get_array_sort_range(ctx, sort)));
      case Z3_sort_kind.Z3_FLOATING_POINT_SORT: return fpType(em._Z3_fpa_get_ebits(ctx, sort), em._Z3_fpa_get_sbits(ctx, sort));
      default: throw new UnsupportedError(`unsupported Z3 sort ${this.z3.str('Z3_sort_to_string', ctx, sort)}`);
    }
  }

  /**
   * The literal of a model value of type `type`: bool, int, rat, bv, or a canonical array literal.
   * `model` is needed for arrays that Z3 represents as `as-array` of a model function.
   */
  fromZ3Value(ast: number, type: Type, model?: number): Expr {
    const { em, ctx } = this.z3;
    switch (type.kind) {
      case 'bool': {
        const b = em._Z3_get_bool_value(ctx, ast);
        if (b === 0) throw new UnsupportedError(`not a Boolean value: ${this.show(ast)}`);
        return b > 0 ? True : False;
      }
      case 'int': {
        const r = this.rational(ast);
        if (r.den !== 1n) throw new UnsupportedError(`not an integer value: ${this.show(ast)}`);
        return int(r.num);
      }
      case 'rat': {
        const r = this.rational(ast);
        return rat(r.num, r.den);
      }
      case 'bv':
        if (!this.isNumeral(ast)) throw new UnsupportedError(`not a bit-vector value: ${this.show(ast)}`);
        return bv(BigInt(this.z3.str('Z3_get_numeral_string', ctx, ast)), type.width);
      case 'array': return this.arrayFromZ3(ast, type, model);
      case 'fp': return this.fpFromZ3(ast, type);
    }
  }

  /** A floating-point numeral, read field by field (every NaN is the canonical one). */
  private fpFromZ3(ast: number, type: FpType): Expr {
    const { em, ctx } = this.z3;
    if (!em._Z3_fpa_is_numeral(ctx, ast)) throw new UnsupportedError(`not a floating-point value: ${this.show(ast)}`);
    if (em._Z3_fpa_is_numeral_nan(ctx, ast)) return fpLit(type, nan(type));
    const sign = em._Z3_fpa_is_numeral_negative(ctx, ast) !== 0;
    if (em._Z3_fpa_is_numeral_inf(ctx, ast)) return fpLit(type, inf(type, sign));
    if (em._Z3_fpa_is_numeral_zero(ctx, ast)) return fpLit(type, zero(type, sign));
    const field = (bits: number): bigint => {
      const k = this.z3.keep(bits);
      try {
        return BigInt(this.z3.str('Z3_get_numeral_string', ctx, k));
      } finally {
        this.z3.release(k);
      }
    };
    const sig = field(em._Z3_fpa_get_numeral_significand_bv(ctx, ast));
    const exp = em._Z3_fpa_is_numeral_subnormal(ctx, ast) ? 0n : field(em._Z3_fpa_get_numeral_exponent_bv(ctx, ast, 1));
    return fpLit(type, { sign, exp, sig });
  }

  /** A rational from a numeral, or from the shapes Z3 prints negative and fractional reals as. */
  private rational(ast: number): Rational {
    const { em, ctx } = this.z3;
    if (this.isNumeral(ast)) {
      const text = this.z3.str('Z3_get_numeral_string', ctx, ast);
      const slash = text.indexOf('/');
      return slash < 0 ? { num: BigInt(text), den: 1n } : { num: BigInt(text.slice(0, slash)), den: BigInt(text.slice(slash + 1)) };
    }
    if (em._Z3_get_ast_kind(ctx, ast) === Z3_ast_kind.Z3_APP_AST) {
      const kind = this.declKind(ast);
      const arg = (i: number): Rational => this.rational(em._Z3_get_app_arg(ctx, ast, i));
      if (kind === K.Z3_OP_UMINUS) { const r = arg(0); return { num: -r.num, den: r.den }; }
      if (kind === K.Z3_OP_TO_REAL) return arg(0);
      if (kind === K.Z3_OP_DIV) {
        const [p, q] = [arg(0), arg(1)];
        return rat(p.num * q.den, p.den * q.num).value as Rational;
      }
    }
    throw new UnsupportedError(`not a rational value: ${this.show(ast)}`);
  }

  private arrayFromZ3(ast: number, type: ArrayType, model: number | undefined, outerFirst: [Expr, Expr][] = []): Expr {
    const { em, ctx } = this.z3;
    let cur = ast;
    for (;;) {
      const kind = em._Z3_get_ast_kind(ctx, cur);
      if (kind === Z3_ast_kind.Z3_QUANTIFIER_AST && em._Z3_is_lambda(ctx, cur)) {
        // model-based quantifier instantiation leaves lambdas with redundant case splits
        const simple = this.z3.keep(em._Z3_simplify(ctx, cur));
        try {
          if (em._Z3_get_ast_kind(ctx, simple) !== Z3_ast_kind.Z3_QUANTIFIER_AST) return this.arrayFromZ3(simple, type, model, outerFirst);
          return this.lambdaValue(em._Z3_get_quantifier_body(ctx, simple), type, outerFirst);
        } finally {
          this.z3.release(simple);
        }
      }
      if (kind !== Z3_ast_kind.Z3_APP_AST) break;
      const dk = this.declKind(cur);
      const arg = (i: number): number => em._Z3_get_app_arg(ctx, cur, i);
      if (dk === K.Z3_OP_STORE) {
        outerFirst.push([this.fromZ3Value(arg(1), type.index, model), this.fromZ3Value(arg(2), type.elem, model)]);
        cur = arg(0);
      } else if (dk === K.Z3_OP_CONST_ARRAY) {
        return arrayValue(type.index, outerFirst.reverse(), this.fromZ3Value(arg(0), type.elem, model));
      } else if (dk === K.Z3_OP_AS_ARRAY) {
        if (model === undefined) break;
        return this.funcInterpValue(em._Z3_get_as_array_func_decl(ctx, cur), type, model, outerFirst);
      } else {
        break;
      }
    }
    throw new UnsupportedError(`not an array value: ${this.show(ast)}`);
  }

  /** An `as-array` value: the entries of the model's interpretation of a unary function. */
  private funcInterpValue(f: number, type: ArrayType, model: number, outerFirst: [Expr, Expr][]): Expr {
    const { em, ctx } = this.z3;
    const fi = this.z3.ok(em._Z3_model_get_func_interp(ctx, model, f));
    em._Z3_func_interp_inc_ref(ctx, fi);
    try {
      const inner: [Expr, Expr][] = [];
      const n = em._Z3_func_interp_get_num_entries(ctx, fi) >>> 0;
      for (let i = 0; i < n; i++) {
        const entry = em._Z3_func_interp_get_entry(ctx, fi, i);
        em._Z3_func_entry_inc_ref(ctx, entry);
        inner.push([
          this.fromZ3Value(em._Z3_func_entry_get_arg(ctx, entry, 0), type.index, model),
          this.fromZ3Value(em._Z3_func_entry_get_value(ctx, entry), type.elem, model),
        ]);
        em._Z3_func_entry_dec_ref(ctx, entry);
      }
      const dflt = this.fromZ3Value(em._Z3_func_interp_get_else(ctx, fi), type.elem, model);
      // the interpretation's first matching entry wins, later stores override earlier ones
      return arrayValue(type.index, [...inner.reverse(), ...outerFirst.reverse()], dflt);
    } finally {
      em._Z3_func_interp_dec_ref(ctx, fi);
    }
  }

  /** A lambda value `λx. ite(x = i1, v1, ite(x = i2, v2, ..., d))`. */
  private lambdaValue(body: number, type: ArrayType, outerFirst: [Expr, Expr][]): Expr {
    const { em, ctx } = this.z3;
    const isVar = (a: number): boolean => em._Z3_get_ast_kind(ctx, a) === Z3_ast_kind.Z3_VAR_AST;
    const firstWins: [Expr, Expr][] = [];
    while (em._Z3_get_ast_kind(ctx, body) === Z3_ast_kind.Z3_APP_AST && this.declKind(body) === K.Z3_OP_ITE) {
      const cond = em._Z3_get_app_arg(ctx, body, 0);
      if (this.declKind(cond) !== K.Z3_OP_EQ) break;
      const [l, r] = [em._Z3_get_app_arg(ctx, cond, 0), em._Z3_get_app_arg(ctx, cond, 1)];
      if (isVar(l) === isVar(r)) break;
      firstWins.push([this.fromZ3Value(isVar(l) ? r : l, type.index), this.fromZ3Value(em._Z3_get_app_arg(ctx, body, 1), type.elem)]);
      body = em._Z3_get_app_arg(ctx, body, 2);
    }
    if (em._Z3_get_ast_kind(ctx, body) === Z3_ast_kind.Z3_APP_AST && this.declKind(body) === K.Z3_OP_ITE) {
      throw new UnsupportedError(`array value with infinitely many exceptions: ${this.show(body)}`);
    }
    const dflt = this.fromZ3Value(body, type.elem);
    return arrayValue(type.index, [...firstWins.reverse(), ...outerFirst.reverse()], dflt);
  }

  /**
   * A formula or term over the known variables, from what Z3 returns (model-based projection,
   * simplification): Booleans, linear arithmetic with mod/div, arrays, bit-vectors. Iterative with
   * a memo, so deep or shared Z3 DAGs are fine.
   */
  fromZ3(root: number): Expr {
    const { em, ctx } = this.z3;
    const memo = new Map<number, Expr>();
    const stack: [number, boolean][] = [[root, false]];
    while (stack.length) {
      const [a, expanded] = stack.pop()!;
      if (memo.has(a)) continue;
      const kind = em._Z3_get_ast_kind(ctx, a);
      if (kind === Z3_ast_kind.Z3_NUMERAL_AST) {
        memo.set(a, this.fromZ3Value(a, this.typeOf(em._Z3_get_sort(ctx, a))));
        continue;
      }
      if (kind !== Z3_ast_kind.Z3_APP_AST) throw new UnsupportedError(`cannot translate back from Z3: ${this.show(a)}`);
      const n = em._Z3_get_app_num_args(ctx, a) >>> 0;
      const children: number[] = [];
      for (let i = 0; i < n; i++) children.push(em._Z3_get_app_arg(ctx, a, i));
      if (!expanded) {
        stack.push([a, true]);
        for (const c of children) if (!memo.has(c)) stack.push([c, false]);
        continue;
      }
      memo.set(a, this.app(a, children.map((c) => memo.get(c)!)));
    }
    return memo.get(root)!;
  }

  private app(a: number, x: Expr[]): Expr {
    const { em, ctx } = this.z3;
    const kind = this.declKind(a);
    const [x0, x1, x2] = x as [Expr, Expr, Expr];
    const fold = (f: (l: Expr, r: Expr) => Expr): Expr => x.slice(1).reduce(f, x0);
    switch (kind) {
      case K.Z3_OP_TRUE: return True;
      case K.Z3_OP_FALSE: return False;
      case K.Z3_OP_UNINTERPRETED: {
        const leaf = x.length === 0 ? this.leaves.get(a) : undefined;
        if (!leaf) throw new UnsupportedError(`unknown Z3 symbol in ${this.show(a)}`);
        return leaf;
      }
      case K.Z3_OP_EQ: return x0.type === BoolT ? iff(x0, x1) : eq(x0, x1);
      case K.Z3_OP_DISTINCT: {
        const pairs: Expr[] = [];
        for (let i = 0; i < x.length; i++) for (let j = i + 1; j < x.length; j++) pairs.push(neq(x[i]!, x[j]!));
        return and(...pairs);
      }
      case K.Z3_OP_ITE: return ite(x0, x1, x2);
      case K.Z3_OP_AND: return and(...x);
      case K.Z3_OP_OR: return or(...x);
      case K.Z3_OP_NOT: return not(x0);
      case K.Z3_OP_IMPLIES: return imply(x0, x1);
      case K.Z3_OP_IFF: return iff(x0, x1);
      case K.Z3_OP_XOR: return fold(xor);
      case K.Z3_OP_LE: return le(x0, x1);
      case K.Z3_OP_GE: return ge(x0, x1);
      case K.Z3_OP_LT: return lt(x0, x1);
      case K.Z3_OP_GT: return gt(x0, x1);
      case K.Z3_OP_ADD: return add(...x);
      case K.Z3_OP_SUB: return fold(sub);
      case K.Z3_OP_UMINUS: return neg(x0);
      case K.Z3_OP_MUL: return mul(...x);
      case K.Z3_OP_DIV:
      case K.Z3_OP_IDIV: return div(x0, x1);
      case K.Z3_OP_MOD: return mod(x0, x1);
      case K.Z3_OP_REM: return rem(x0, x1);
      case K.Z3_OP_TO_REAL: return toRat(x0);
      case K.Z3_OP_SELECT: return read(x0, x1);
      case K.Z3_OP_STORE: return write(x0, x1, x2);
      case K.Z3_OP_CONST_ARRAY: {
        const t = this.typeOf(em._Z3_get_sort(ctx, a)) as ArrayType;
        return arrayLit(t.index, [], x0);
      }
      case K.Z3_OP_CONCAT: return concat(...x);
      case K.Z3_OP_EXTRACT: return extract(x0, this.intParam(a, 0) + 1, this.intParam(a, 1));
      case K.Z3_OP_ZERO_EXT:
      case K.Z3_OP_SIGN_EXT: {
        const w = (x0.type.kind === 'bv' ? x0.type.width : 0) + this.intParam(a, 0);
        return extend(kind === K.Z3_OP_ZERO_EXT ? 'zext' : 'sext', x0, w);
      }
      case K.Z3_OP_ROTATE_LEFT:
      case K.Z3_OP_ROTATE_RIGHT: {
        const w = x0.type.kind === 'bv' ? x0.type.width : 0;
        return bvop(kind === K.Z3_OP_ROTATE_LEFT ? 'bvrol' : 'bvror', x0, bv(this.intParam(a, 0), w));
      }
    }
    const op = BV_BACK.get(kind);
    // Z3's associative bit-vector operators may be n-ary
    if (op) return x.length > 2 ? fold((l, r) => bvop(op, l, r)) : bvop(op, ...x);
    throw new UnsupportedError(`cannot translate back from Z3: ${this.show(a)}`);
  }

  private declKind(app: number): number {
    const { em, ctx } = this.z3;
    return em._Z3_get_decl_kind(ctx, em._Z3_get_app_decl(ctx, app));
  }

  private intParam(app: number, i: number): number {
    const { em, ctx } = this.z3;
    return em._Z3_get_decl_int_parameter(ctx, em._Z3_get_app_decl(ctx, app), i);
  }

  private isNumeral(ast: number): boolean {
    return this.z3.em._Z3_is_numeral_ast(this.z3.ctx, ast) !== 0;
  }

  /** Z3's text of a term, for error messages. */
  show(ast: number): string {
    return this.z3.str('Z3_ast_to_string', this.z3.ctx, ast);
  }
}

const translators = new WeakMap<Z3Context, Translator>();

/** The translator of a context; its caches live as long as the context. */
export function translator(z3: Z3Context): Translator {
  let t = translators.get(z3);
  if (!t) translators.set(z3, (t = new Translator(z3)));
  return t;
}
