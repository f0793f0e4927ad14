/**
 * The simplifier: constant folding (through `fold.ts`, so it agrees with evaluation), Boolean
 * normalisation (flattened and deduplicated `and`/`or`, units and zeros removed, complementary
 * literals, double negation, trivial `imply`/`iff`/`ite`), and the identities `x = x`, `x - x`,
 * `x + 0`, `x * 1`. An optional partial valuation substitutes known values first.
 */
import { False, True, add, and, bool, ite as mkIte, isLit, int, not as mkNot, or, postorder, rat, withArgs, type Expr, type Rational } from './expr.js';
import type { Lookup } from './eval.js';
import { fold } from './fold.js';

export function simplify(e: Expr, lookup?: Lookup): Expr {
  const out = new Map<number, Expr>();
  for (const n of postorder(e)) {
    let r: Expr;
    if (n.op === 'var' || n.op === 'prime') r = lookup?.(n) ?? n;
    else r = simplifyNode(n, n.args.map((a) => out.get(a.id)!));
    out.set(n.id, r);
  }
  return out.get(e.id)!;
}

function isTrue(e: Expr): boolean {
  return e === True;
}

function isFalse(e: Expr): boolean {
  return e === False;
}

function negate(e: Expr): Expr {
  if (e.op === 'not') return e.args[0]!;
  if (e.op === 'lit') return bool(!e.value);
  return mkNot(e);
}

function zeroOf(e: Expr): Expr {
  return e.type.kind === 'int' ? int(0) : rat(0);
}

/** Flattened, deduplicated operands of an n-ary `and`/`or`; `unit` dropped, `zero` absorbing. */
function junction(op: 'and' | 'or', args: readonly Expr[]): Expr {
  const unit = op === 'and' ? True : False;
  const zero = op === 'and' ? False : True;
  const seen = new Set<Expr>();
  const stack = [...args].reverse();
  while (stack.length) {
    const a = stack.pop()!;
    if (a === zero) return zero;
    if (a === unit || seen.has(a)) continue;
    if (a.op === op) { for (let i = a.args.length - 1; i >= 0; i--) stack.push(a.args[i]!); continue; }
    seen.add(a);
  }
  for (const a of seen) if (a.op === 'not' && seen.has(a.args[0]!)) return zero;
  const kept = [...seen];
  return op === 'and' ? and(...kept) : or(...kept);
}

function isZero(e: Expr): boolean {
  return e.op === 'lit' && (e.value === 0n || (e.value as Rational).num === 0n);
}

function simplifyNode(n: Expr, args: Expr[]): Expr {
  if (n.op !== 'forall' && n.op !== 'exists' && args.length > 0 && args.every(isLit)) {
    const v = fold(n, args);
    if (v) return v;
  }
  const [a, b, c] = args;
  switch (n.op) {
    case 'not': return negate(a!);
    case 'and': return junction('and', args);
    case 'or': return junction('or', args);
    case 'imply':
      if (isTrue(a!)) return b!;
      if (isFalse(a!) || isTrue(b!) || a === b) return True;
      if (isFalse(b!)) return negate(a!);
      break;
    case 'iff':
      if (a === b) return True;
      if (isTrue(a!)) return b!;
      if (isTrue(b!)) return a!;
      if (isFalse(a!)) return negate(b!);
      if (isFalse(b!)) return negate(a!);
      break;
    case 'xor':
      if (a === b) return False;
      if (isFalse(a!)) return b!;
      if (isFalse(b!)) return a!;
      if (isTrue(a!)) return negate(b!);
      if (isTrue(b!)) return negate(a!);
      break;
    case 'ite':
      if (isTrue(a!)) return b!;
      if (isFalse(a!)) return c!;
      if (b === c) return b!;
      if (isTrue(b!) && isFalse(c!)) return a!;
      if (isFalse(b!) && isTrue(c!)) return negate(a!);
      return mkIte(a!, b!, c!);
    case 'eq': if (a === b) return True; break;
    case 'neq': if (a === b) return False; break;
    case 'le': case 'ge': if (a === b) return True; break;
    case 'lt': case 'gt': if (a === b) return False; break;
    case 'sub': if (a === b) return zeroOf(a!); break;
    case 'add': {
      const kept = args.filter((x) => !isZero(x));
      if (kept.length === 0) return zeroOf(n);
      return kept.length === args.length ? withArgs(n, args) : add(...kept);
    }
    default:
  }
  return withArgs(n, args);
}
