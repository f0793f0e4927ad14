/**
 * Prints expressions and types back in the CFA or STS language (or T2's, for integer formulas), with only the parentheses the
 * precedence table of formats.md 2.7 needs, so that parsing the print gives the same expression.
 * Levels follow that table (loosest 2, atoms 24); an operand is parenthesised when its level is
 * below what its position allows.
 *
 * One construct has no direct syntax: SMT-LIB's `=` on floats (`eq`, made by the explicit domain's
 * states and by assignments), under which NaN equals itself and +0 differs from -0, whereas the CFA
 * language's `=` on floats is IEEE equality. It is printed as an equivalent CFA formula
 * (`fpIdentical`), so that what is printed means, parsed back, what was checked.
 */
import { and, fpLit, fpOp, iff, leafVar, not, or, type Expr, type Rational } from './expr.js';
import type { FpValue } from './float.js';
import { isNaN as isNaNValue, one, zero } from './float.js';
import { BoolT, type FpType, type Type } from './types.js';

/** `t2`: T2's program format (termination-format.md 2), for its integer formulas: `&&`, `||`, `!`, `==`, `!=`. */
export type Dialect = 'cfa' | 'sts' | 't2';

const T2_SYMBOLS: Partial<Record<string, string>> = { or: '||', and: '&&', eq: '==', neq: '!=' };

const ATOM = 24;
const POSTFIX = 23;
const PREFIX = 21;

/** Binary and n-ary infix operators: symbol and level. */
const INFIX: Partial<Record<string, [string, number]>> = {
  iff: ['iff', 3], imply: ['imply', 4], or: ['or', 7], xor: ['xor', 8], and: ['and', 9],
  eq: ['=', 11], neq: ['/=', 11],
  lt: ['<', 12], le: ['<=', 12], gt: ['>', 12], ge: ['>=', 12],
  bvult: ['bvult', 12], bvule: ['bvule', 12], bvugt: ['bvugt', 12], bvuge: ['bvuge', 12],
  bvslt: ['bvslt', 12], bvsle: ['bvsle', 12], bvsgt: ['bvsgt', 12], bvsge: ['bvsge', 12],
  bvor: ['bvor', 13], bvxor: ['bvxor', 14], bvand: ['bvand', 15],
  bvshl: ['bvshl', 16], bvashr: ['bvashr', 16], bvlshr: ['bvlshr', 16], bvrol: ['bvrol', 16], bvror: ['bvror', 16],
  add: ['+', 17], sub: ['-', 17], bvadd: ['bvadd', 17], bvsub: ['bvsub', 17],
  mul: ['*', 18], div: ['/', 18], mod: ['mod', 18], rem: ['rem', 18],
  bvmul: ['bvmul', 18], bvudiv: ['bvudiv', 18], bvsdiv: ['bvsdiv', 18], bvsmod: ['bvsmod', 18],
  bvurem: ['bvurem', 18], bvsrem: ['bvsrem', 18],
  concat: ['++', 19],
};

/** How each infix level associates: n-ary/left chains, right chains, or no chaining at all. */
function assoc(level: number): 'left' | 'right' | 'none' {
  if (level === 3 || level === 4 || level === 8) return 'right';
  if (level === 7 || level === 9 || level >= 17) return 'left';
  return 'none';
}

/** Floating-point operators by name: infix level, or prefix. Generic names come from `+`, `<`, ... on floats. */
const FP_INFIX: Partial<Record<string, number>> = {
  fpmax: 6, fpmin: 6, '=': 11, '/=': 11, '<': 12, '<=': 12, '>': 12, '>=': 12,
  '+': 17, '-': 17, fpadd: 17, fpsub: 17, '*': 18, '/': 18, fprem: 18, fpmul: 18, fpdiv: 18,
};

export function printType(t: Type): string {
  return t.key;
}

/**
 * The expression in the model's language. With `maxChars`, the text stops after about that many
 * characters with `…` in place of the rest (the print of a DAG with much sharing can be far longer
 * than the DAG itself, so displays should always give a limit).
 */
export function printExpr(e: Expr, dialect: Dialect, maxChars?: number): string {
  const p = new Printer(dialect, maxChars ?? Infinity);
  const text = p.print(e, 0);
  if (!p.cut) return text;
  const kept = text.slice(0, maxChars);
  return kept.endsWith('…') ? kept : `${kept}…`;
}

class Printer {
  /** Characters of leaves still to print; at zero, what is left prints as `…`. */
  private left: number;
  cut = false;

  constructor(private readonly dialect: Dialect, budget: number) {
    this.left = budget;
  }

  print(e: Expr, min: number): string {
    if (this.left <= 0) {
      this.cut = true;
      return '…';
    }
    const [text, level] = this.render(e);
    if (e.args.length === 0) this.left -= text.length + 1;
    return level < min ? `(${text})` : text;
  }

  private infix(sym: string, level: number, args: readonly Expr[]): [string, number] {
    const a = assoc(level);
    const parts = args.map((x, i) => {
      const first = i === 0;
      const last = i === args.length - 1;
      const same = (a === 'left' && first) || (a === 'right' && last);
      return this.print(x, same ? level : level + 1);
    });
    return [parts.join(` ${sym} `), level];
  }

  private render(e: Expr): [string, number] {
    const a = e.args;
    if ((e.op === 'eq' || e.op === 'neq') && a[0]!.type.kind === 'fp') {
      const same = fpIdentical(a[0]!, a[1]!);
      return this.render(e.op === 'eq' ? same : not(same));
    }
    const infix = INFIX[e.op];
    if (infix) {
      const sym = e.op === 'iff' && this.dialect === 'sts' ? 'equal' : (this.dialect === 't2' && T2_SYMBOLS[e.op]) || infix[0];
      return this.infix(sym, infix[1], a);
    }
    switch (e.op) {
      case 'lit': return literal(e);
      case 'fplit': return fpLiteral(e);
      case 'var': return [e.decl!.name, ATOM];
      case 'prime': {
        const { decl, primes } = leafVar(e);
        return [decl.name + "'".repeat(primes), POSTFIX];
      }
      case 'toRat': return this.render(a[0]!);
      case 'not': return this.dialect === 't2' ? [`!(${this.print(a[0]!, 0)})`, 10] : [`not ${this.print(a[0]!, 11)}`, 10];
      case 'neg': return [`-${spaced(this.print(a[0]!, PREFIX))}`, PREFIX];
      case 'bvneg': return [`bvneg ${this.print(a[0]!, PREFIX)}`, PREFIX];
      case 'bvnot': return [`bvnot ${this.print(a[0]!, 22)}`, 22];
      case 'ite':
        return [`if ${this.print(a[0]!, 3)} then ${this.print(a[1]!, 3)} else ${this.print(a[2]!, 2)}`, 2];
      case 'forall':
      case 'exists': {
        const params = e.bound!.map((b) => `${b.name} : ${printType(b.type)}`).join(', ');
        return [`${e.op} (${params}) ${this.print(a[0]!, 5)}`, 5];
      }
      case 'read': return [`${this.print(a[0]!, POSTFIX)}[${this.print(a[1]!, 0)}]`, POSTFIX];
      case 'write':
        return [`${this.print(a[0]!, POSTFIX)}[${this.print(a[1]!, 0)} <- ${this.print(a[2]!, 0)}]`, POSTFIX];
      case 'extract': return [`${this.print(a[0]!, POSTFIX)}[${e.params![0]}:${e.params![1]}]`, POSTFIX];
      case 'zext':
      case 'sext': {
        const word = e.op === 'zext' ? 'bv_zero_extend' : 'bv_sign_extend';
        return [`${this.print(a[0]!, PREFIX)} ${word} bv[${e.params![0]}]`, 20];
      }
      case 'arraylit': {
        const entries: string[] = [];
        for (let i = 1; i < a.length; i += 2) entries.push(`${this.print(a[i]!, 0)} <- ${this.print(a[i + 1]!, 0)}, `);
        const indexType = e.type.kind === 'array' ? e.type.index : e.type;
        const angle = entries.length === 0 ? `<${printType(indexType)}> ` : '';
        return [`[${entries.join('')}${angle}default <- ${this.print(a[0]!, 0)}]`, ATOM];
      }
      case 'fpop': return this.fp(e);
      default:
        throw new Error(`cannot print operator ${e.op}`);
    }
  }

  private fp(e: Expr): [string, number] {
    const [name, ...params] = e.params! as string[];
    const op = name! + params.map((p) => `[${p}]`).join('');
    const level = FP_INFIX[name!];
    if (level !== undefined && e.args.length >= 2) return this.infix(op, level, e.args);
    return [`${op} ${this.print(e.args[0]!, PREFIX)}`, PREFIX];
  }
}

/** `- -x` rather than `--x`, which would read as one token in some lexers. */
function spaced(operand: string): string {
  return operand.startsWith('-') ? ` ${operand}` : operand;
}

function literal(e: Expr): [string, number] {
  const v = e.value!;
  if (typeof v === 'boolean') return [String(v), ATOM];
  if (typeof v === 'bigint') {
    if (e.type.kind === 'bv') return [wordLiteral(v, e.type.width), ATOM];
    return v < 0n ? [`-${-v}`, PREFIX] : [String(v), ATOM];
  }
  const r = v as Rational;
  return r.num < 0n ? [`-${-r.num} % ${r.den}`, PREFIX] : [`${r.num} % ${r.den}`, ATOM];
}

/**
 * A word as people read it by its width: flags and bytes bit by bit, words up to 32 bits in
 * decimal, wider ones (a whole number of hex digits) in hex, `64'x00000000deadbeef`.
 */
function wordLiteral(v: bigint, width: number): string {
  if (width > 32 && width % 4 === 0) return `${width}'x${v.toString(16).padStart(width / 4, '0')}`;
  return bvLiteral(v, width);
}

function bvLiteral(v: bigint, width: number): string {
  if (width <= 8) return `${width}'b${v.toString(2).padStart(width, '0')}`;
  return `${width}'d${v}`;
}

/** `EXP.SIG`, each field as a bit-vector literal (binary up to 8 bits, else decimal): `8'b01111111.23'd0`. */
function fpLiteral(e: Expr): [string, number] {
  const v = e.value as FpValue;
  const t = e.type as FpType;
  const text = `${bvLiteral(v.exp, t.exp)}.${bvLiteral(v.sig, t.sig - 1)}`;
  return v.sign ? [`-${text}`, PREFIX] : [text, ATOM];
}

/**
 * SMT-LIB's `=` on floats as a formula of the CFA language: IEEE `=` where that is the same (a
 * literal other than zero or NaN), `fpisnan` for NaN, and the sign of a zero told by `1 / x`
 * (+inf or -inf).
 */
function fpIdentical(a: Expr, b: Expr): Expr {
  const f = a.type as FpType;
  const ieee = (x: Expr, y: Expr) => fpOp('=', [], BoolT, [x, y]);
  const isNan = (x: Expr) => fpOp('fpisnan', [], BoolT, [x]);
  const zeroLit = fpLit(f, zero(f, false));
  const positive = (x: Expr) => fpOp('>', [], BoolT, [fpOp('/', [], f, [fpLit(f, one(f)), x]), zeroLit]);
  if (a.op === 'fplit' && b.op !== 'fplit') [a, b] = [b, a];
  if (b.op === 'fplit') {
    const c = b.value as FpValue;
    if (isNaNValue(f, c)) return isNan(a);
    if (c.exp === 0n && c.sig === 0n) return and(ieee(a, b), c.sign ? not(positive(a)) : positive(a));
    return ieee(a, b);
  }
  return or(and(isNan(a), isNan(b)), and(ieee(a, b), or(not(ieee(a, zeroLit)), iff(positive(a), positive(b)))));
}
