/**
 * From CFA syntax trees to typed expressions and types (formats.md 2.6-2.7): name resolution,
 * literal validation, and the dispatch of generic operators on the operand types (`+` on
 * bit-vectors is `bvadd`, `<` on floats is IEEE comparison, ...). Typing is left to the expression
 * constructors; their `ExprTypeError` becomes an `InputError` at the offending expression's first
 * token.
 */
import type { IToken } from 'chevrotain';
import type { InputError } from '../../../lang/errors.js';
import { type BvOp, type Expr, type VarDecl, ExprTypeError, add, and, arrayLit, bool, bv, bvop, cmp, concat, declareVar, div, eq, exists, extend, extract, forall, fpLit, fpOp, iff, imply, int, ite, mod, mul, neg, neq, not, or, prime, rat, read, ref, rem, sub, write, xor } from '../../../lang/expr.js';
import { BoolT, IntT, RatT, type Type, arrayType, bvType, fpType, isNumeric } from '../../../lang/types.js';
import type { ChainLink, ExprSyntax, TypeSyntax } from './syntax.js';
import { errorAt } from '../../../lang/grammar/syntax-errors.js';

/** What a name means where it is used: a variable, or a location (which expressions may not mention). */
export type Meaning = { readonly kind: 'var'; readonly decl: VarDecl } | { readonly kind: 'loc' };

const ROUNDING_MODES = new Set(['RNE', 'RNA', 'RTP', 'RTN', 'RTZ']);

const BV_INSTEAD: Record<string, string> = {
  '<': 'bvult or bvslt', '<=': 'bvule or bvsle', '>': 'bvugt or bvsgt', '>=': 'bvuge or bvsge',
  '/': 'bvudiv or bvsdiv', mod: 'bvsmod or bvurem', rem: 'bvurem or bvsrem',
};

/** The operator word of a token without its bracketed parameters, and those parameters. */
function opParts(tok: IToken): { name: string; params: string[] } {
  const bracket = tok.image.indexOf('[');
  if (bracket < 0) return { name: tok.image, params: [] };
  const params = [...tok.image.slice(bracket).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!);
  return { name: tok.image.slice(0, bracket), params };
}

export class ExprBuilder {
  /** Quantifier scopes, innermost last. */
  private readonly bound: Map<string, VarDecl>[] = [];

  constructor(
    private readonly file: string,
    private readonly text: string,
    private readonly lookup: (name: string) => Meaning | undefined,
  ) {}

  fail(tok: IToken, reason: string): InputError {
    return errorAt(this.file, this.text, tok, reason);
  }

  /** Runs a constructor, moving its type error to `tok`. */
  private at<T>(tok: IToken, build: () => T): T {
    try {
      return build();
    } catch (e) {
      if (e instanceof ExprTypeError) throw this.fail(tok, e.message);
      throw e;
    }
  }

  // ------------------------------------------------------------ types

  type(t: TypeSyntax): Type {
    switch (t.k) {
      case 'bool': return BoolT;
      case 'int': return IntT;
      case 'rat': return RatT;
      case 'bv': {
        const width = Number(t.width.image);
        if (width <= 0 || !Number.isSafeInteger(width)) throw this.fail(t.width, `bit-vector width must be a positive number, not ${t.width.image}`);
        return bvType(width);
      }
      case 'fp': {
        const [e, s] = t.tok.image.match(/\d+/g)!.map(Number) as [number, number];
        if (!(e > 1 && s > 1)) throw this.fail(t.tok, `${t.tok.image} needs at least 2 exponent and 2 significand bits`);
        return fpType(e, s);
      }
      case 'array': return arrayType(this.type(t.index), this.type(t.elem));
      case 'function': throw this.fail(t.tok, 'function types are not supported');
    }
  }

  // ------------------------------------------------------------ expressions

  expr(s: ExprSyntax): Expr {
    switch (s.k) {
      case 'ref': return this.ref(s.tok);
      case 'bool': return bool(s.value);
      case 'num': return int(BigInt(s.tok.image));
      case 'rat': return this.at(s.tok, () => rat(BigInt(s.tok.image), BigInt(s.den.image)));
      case 'bv': {
        const { width, value } = this.bvLiteral(s.tok, s.tok.image);
        return bv(value, width);
      }
      case 'fp': return this.fpLiteral(s.tok, false);
      case 'array': {
        const entries = s.entries.map(([i, v]) => [this.expr(i), this.expr(v)] as const);
        const dflt = this.expr(s.dflt);
        const indexType = s.indexType ? this.type(s.indexType) : entries[0]?.[0].type;
        if (!indexType) throw this.fail(s.tok, 'an array literal without entries needs its index type, as in [<int> default <- 0]');
        return this.at(s.tok, () => arrayLit(indexType, entries, dflt));
      }
      case 'ite': {
        const [c, t, e] = [this.expr(s.cond), this.expr(s.then), this.expr(s.else)];
        return this.at(s.tok, () => ite(c, t, e));
      }
      case 'quant': return this.quantifier(s.tok, s.params.map((p) => ({ name: p.name, type: this.type(p.type) })), s.body);
      case 'binary': return this.binary(s.tok, s.op, this.expr(s.left), this.expr(s.right));
      case 'chain': return this.chain(s.tok, this.expr(s.first), s.links);
      case 'unary': return this.unary(s.tok, s.arg);
      case 'extend': {
        const a = this.expr(s.arg);
        const t = this.type(s.type);
        if (t.kind !== 'bv') throw this.fail(s.type.tok, `the target of ${s.op.image} must be a bit-vector type, not ${t.key}`);
        return this.at(s.tok, () => extend(s.op.image === 'bv_zero_extend' ? 'zext' : 'sext', a, t.width));
      }
      case 'read': {
        const [a, i] = [this.expr(s.arr), this.expr(s.index)];
        return this.at(s.tok, () => read(a, i));
      }
      case 'write': {
        const [a, i, v] = [this.expr(s.arr), this.expr(s.index), this.expr(s.value)];
        return this.at(s.tok, () => write(a, i, v));
      }
      case 'extract': {
        const a = this.expr(s.arg);
        return this.at(s.tok, () => extract(a, Number(s.hi.image), Number(s.lo.image)));
      }
      case 'prime': {
        const a = this.expr(s.arg);
        return prime(a);
      }
      case 'unsupported': throw this.fail(s.tok, `${s.what}s are not supported`);
    }
  }

  private ref(tok: IToken): Expr {
    for (let i = this.bound.length - 1; i >= 0; i--) {
      const d = this.bound[i]!.get(tok.image);
      if (d) return ref(d);
    }
    const meaning = this.lookup(tok.image);
    if (!meaning) throw this.fail(tok, `unknown identifier '${tok.image}'`);
    if (meaning.kind === 'loc') throw this.fail(tok, `'${tok.image}' is a location, not a variable`);
    return ref(meaning.decl);
  }

  private quantifier(tok: IToken, params: { name: IToken; type: Type }[], bodySyntax: ExprSyntax): Expr {
    const scope = new Map<string, VarDecl>();
    for (const p of params) {
      if (scope.has(p.name.image)) throw this.fail(p.name, `'${p.name.image}' is bound twice`);
      scope.set(p.name.image, declareVar(p.name.image, p.type));
    }
    this.bound.push(scope);
    try {
      const body = this.expr(bodySyntax);
      const vars = [...scope.values()];
      return this.at(tok, () => (tok.image === 'forall' ? forall(vars, body) : exists(vars, body)));
    } finally {
      this.bound.pop();
    }
  }

  // ------------------------------------------------------------ literals

  /**
   * `W'bBITS`, `W'xHEX`, `W'dDEC` (formats.md 2.7): every written binary or hex digit counts
   * against the width; a decimal may be signed and must lie in [-2^(W-1), 2^W).
   */
  private bvLiteral(tok: IToken, image: string): { width: number; value: bigint } {
    const m = /^(\d+)'([a-zA-Z])([+-]?)([0-9A-Za-z]*)$/.exec(image)!;
    const [, w, base, sign, digits] = m as unknown as [string, string, string, string, string];
    const width = Number(w);
    if (width <= 0 || !Number.isSafeInteger(width)) throw this.fail(tok, `bit-vector literal ${image} must have a positive width`);
    if (base !== 'd' && sign) throw this.fail(tok, `only decimal bit-vector literals may have a sign, not ${image}`);
    const pattern = { b: /^[01]+$/, x: /^[0-9a-fA-F]+$/, d: /^[0-9]+$/ }[base];
    if (!pattern) throw this.fail(tok, `bit-vector literal ${image} has an unknown base '${base}' (use b, d or x)`);
    if (!pattern.test(digits)) throw this.fail(tok, `bit-vector literal ${image} has bad digits for base '${base}'`);
    if (base === 'd') {
      const value = BigInt(sign + digits);
      const lo = -(1n << BigInt(width - 1));
      const hi = (1n << BigInt(width)) - 1n;
      if (value < lo || value > hi) throw this.fail(tok, `bit-vector literal ${image} is out of range for bv[${width}] (${lo} to ${hi})`);
      return { width, value };
    }
    const bits = base === 'b' ? digits.length : 4 * digits.length;
    if (bits > width) throw this.fail(tok, `bit-vector literal ${image} has ${bits} bits, more than its width ${width}`);
    return { width, value: BigInt(base === 'b' ? `0b${digits}` : `0x${digits}`) };
  }

  /** `EXP.SIG`: the biased exponent of width E and the stored fraction of width S-1 of an fp[E,S]. */
  private fpLiteral(tok: IToken, sign: boolean): Expr {
    const [expImage, sigImage] = tok.image.split('.') as [string, string];
    const exp = this.bvLiteral(tok, expImage);
    const sig = this.bvLiteral(tok, sigImage);
    if (exp.width < 2) throw this.fail(tok, `floating-point literal ${tok.image} needs an exponent of at least 2 bits`);
    return fpLit(fpType(exp.width, sig.width + 1), { sign, exp: BigInt.asUintN(exp.width, exp.value), sig: BigInt.asUintN(sig.width, sig.value) });
  }

  // ------------------------------------------------------------ operators

  private binary(tok: IToken, opTok: IToken, a: Expr, b: Expr): Expr {
    const { name, params } = opParts(opTok);
    return this.at(tok, () => {
      switch (name) {
        case 'iff': return iff(a, b);
        case 'imply': return imply(a, b);
        case 'xor': return xor(a, b);
        case 'fpmax':
        case 'fpmin': return this.fp(opTok, name, params, [a, b]);
        case '=':
        case '/=':
          if (a.type.kind === 'fp') return this.fpCompare(name, a, b);
          return name === '=' ? eq(a, b) : neq(a, b);
        case '<': case '<=': case '>': case '>=':
          this.noBv(opTok, name, a);
          if (a.type.kind === 'fp') return this.fpCompare(name, a, b);
          return cmp(({ '<': 'lt', '<=': 'le', '>': 'gt', '>=': 'ge' } as const)[name], a, b);
        default: return bvop(name as BvOp, a, b);
      }
    });
  }

  private noBv(opTok: IToken, name: string, a: Expr): void {
    if (a.type.kind === 'bv') throw this.fail(opTok, `${name} is not defined on bit-vectors: use ${BV_INSTEAD[name]}`);
  }

  /**
   * A left-associative level. Runs of `+` (or `*`) over numbers become one n-ary sum (product);
   * other operators apply to everything on their left.
   */
  private chain(tok: IToken, first: Expr, links: readonly ChainLink[]): Expr {
    const opNames = links.map((l) => l.op.image);
    if (opNames[0] === 'or' || opNames[0] === 'and') {
      const args = [first, ...links.map((l) => this.expr(l.arg))];
      return this.at(tok, () => (opNames[0] === 'or' ? or(...args) : and(...args)));
    }
    if (opNames[0] === '++') {
      const args = [first, ...links.map((l) => this.expr(l.arg))];
      return this.at(tok, () => concat(...args));
    }
    let left = first;
    let run: { op: string; args: Expr[] } | undefined;
    for (const link of links) {
      const right = this.expr(link.arg);
      const { name, params } = opParts(link.op);
      const nary = (name === '+' || name === '*') && isNumeric(left.type);
      if (nary && run && run.op === name) {
        run.args.push(right);
      } else if (nary) {
        run = { op: name, args: [left, right] };
      } else {
        run = undefined;
      }
      const current = run;
      left = this.at(tok, () => (current ? (current.op === '+' ? add(...current.args) : mul(...current.args)) : this.arith(link.op, name, params, left, right)));
    }
    return left;
  }

  /** One application of an operator of the `+` or `*` level to two operands. */
  private arith(opTok: IToken, name: string, params: string[], a: Expr, b: Expr): Expr {
    const generic: Record<string, BvOp> = { '+': 'bvadd', '-': 'bvsub', '*': 'bvmul' };
    if (name in BV_INSTEAD) this.noBv(opTok, name, a);
    if (a.type.kind === 'bv' && generic[name]) return bvop(generic[name], a, b);
    if (a.type.kind === 'fp' && (name in generic || name === '/')) return this.fp(opTok, name, params, [a, b]);
    switch (name) {
      case '+': return add(a, b);
      case '*': return mul(a, b);
      case '-': return sub(a, b);
      case '/': return div(a, b);
      case 'mod': return mod(a, b);
      case 'rem': return rem(a, b);
      default:
        if (name.startsWith('fp')) return this.fp(opTok, name, params, [a, b]);
        return bvop(name as BvOp, a, b);
    }
  }

  private unary(tok: IToken, argSyntax: ExprSyntax): Expr {
    const { name, params } = opParts(tok);
    // a sign in front of a floating-point literal is part of the literal
    if (name === '-' && argSyntax.k === 'fp') return this.fpLiteral(argSyntax.tok, true);
    const a = this.expr(argSyntax);
    return this.at(tok, () => {
      switch (name) {
        case 'not': return not(a);
        case '-':
          if (a.type.kind === 'bv') return bvop('bvneg', a);
          if (a.type.kind === 'fp') return this.fp(tok, name, params, [a]);
          return neg(a);
        case '+':
          if (!isNumeric(a.type) && a.type.kind !== 'bv' && a.type.kind !== 'fp') throw new ExprTypeError(`operand of unary + must be a number, but it is ${a.type.key}`);
          return a;
        case 'bvpos':
          if (a.type.kind !== 'bv') throw new ExprTypeError(`operand of bvpos must be a bit-vector, but it is ${a.type.key}`);
          return a;
        case 'bvneg':
        case 'bvnot': return bvop(name, a);
        default: return this.fp(tok, name, params, [a]);
      }
    });
  }

  // ------------------------------------------------------------ floating point (kept by name, typed here)

  /** The common floating-point type of the operands of `name`. */
  private fpType(name: string, args: readonly Expr[]): Type {
    const t = args[0]!.type;
    if (t.kind !== 'fp' || args.some((a) => a.type !== t)) {
      throw new ExprTypeError(`operands of ${name} must be floating point of one type, but they are ${args.map((a) => a.type.key).join(' and ')}`);
    }
    return t;
  }

  /** Generic `=`, `<`, ... on floats: IEEE comparisons, kept under the generic name. */
  private fpCompare(name: string, a: Expr, b: Expr): Expr {
    this.fpType(name, [a, b]);
    return fpOp(name, [], BoolT, [a, b]);
  }

  /** A floating-point operation; its bracketed parameters are checked and kept for printing. */
  private fp(opTok: IToken, name: string, params: string[], args: Expr[]): Expr {
    const rounding = (given: string[]) => {
      if (given.length > 1 || (given.length === 1 && !ROUNDING_MODES.has(given[0]!))) {
        throw this.fail(opTok, `${opTok.image}: expected an optional rounding mode [RNE], [RNA], [RTP], [RTN] or [RTZ]`);
      }
    };
    const format = (p: string | undefined, what: string): [number, number] => {
      const m = p === undefined ? null : /^(\d+),(\d+)$/.exec(p);
      if (!m || Number(m[1]) < 2 || Number(m[2]) < 2) throw this.fail(opTok, `${opTok.image}: expected ${what}`);
      return [Number(m[1]), Number(m[2])];
    };
    switch (name) {
      case '+': case '-': case '*': case '/':
      case 'fpadd': case 'fpsub': case 'fpmul': case 'fpdiv': case 'fpsqrt': case 'fproundtoint':
        rounding(params);
        return fpOp(name, params, this.fpType(name, args), args);
      case 'fprem': case 'fpmax': case 'fpmin': case 'fpabs': case 'fpneg': case 'fppos': case 'fpisnan':
        if (params.length) throw this.fail(opTok, `${name} takes no bracketed parameters`);
        return fpOp(name, params, name === 'fpisnan' ? (this.fpType(name, args), BoolT) : this.fpType(name, args), args);
      case 'fptofp': {
        const [e, s] = format(params[0], 'the target format, as in fptofp[11,53][RNE]');
        rounding(params.slice(1));
        this.fpType(name, args);
        return fpOp(name, params, fpType(e, s), args);
      }
      case 'fptobv': {
        const m = params[0] === undefined ? null : /^(\d+)'([us])$/.exec(params[0]);
        if (!m || Number(m[1]) <= 0) throw this.fail(opTok, `${opTok.image}: expected the target width and signedness, as in fptobv[32'u][RTZ]`);
        rounding(params.slice(1));
        this.fpType(name, args);
        return fpOp(name, params, bvType(Number(m[1])), args);
      }
      case 'fpfrombv': {
        const [e, s] = format(params[0], 'the target format and signedness, as in fpfrombv[11,53][u][RNE]');
        if (params[1] !== 'u' && params[1] !== 's') throw this.fail(opTok, `${opTok.image}: expected the signedness [u] or [s] after the format`);
        rounding(params.slice(2));
        if (args[0]!.type.kind !== 'bv') throw new ExprTypeError(`operand of fpfrombv must be a bit-vector, but it is ${args[0]!.type.key}`);
        return fpOp(name, params, fpType(e, s), args);
      }
      default:
        throw this.fail(opTok, `unknown floating-point operator ${name}`);
    }
  }
}
