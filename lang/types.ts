/**
 * Types of the expression language. Types are interned, so two types are equal exactly when they
 * are the same object: `t1 === t2` is type equality everywhere in Vigil.
 */

export type Type = BoolType | IntType | RatType | BvType | ArrayType | FpType;

export interface BoolType { readonly kind: 'bool'; readonly key: string }
export interface IntType { readonly kind: 'int'; readonly key: string }
export interface RatType { readonly kind: 'rat'; readonly key: string }
export interface BvType { readonly kind: 'bv'; readonly key: string; readonly width: number }
export interface ArrayType {
  readonly kind: 'array';
  readonly key: string;
  readonly index: Type;
  readonly elem: Type;
}
/** IEEE floating point: `exp` exponent bits, `sig` significand bits including the hidden bit. */
export interface FpType {
  readonly kind: 'fp';
  readonly key: string;
  readonly exp: number;
  readonly sig: number;
}

export const BoolT: BoolType = { kind: 'bool', key: 'bool' };
export const IntT: IntType = { kind: 'int', key: 'int' };
export const RatT: RatType = { kind: 'rat', key: 'rat' };

const interned = new Map<string, Type>();

function intern<T extends Type>(t: T): T {
  const known = interned.get(t.key);
  if (known) return known as T;
  interned.set(t.key, t);
  return t;
}

export function bvType(width: number): BvType {
  if (!Number.isInteger(width) || width <= 0) throw new RangeError(`bit-vector width must be positive, got ${width}`);
  return intern({ kind: 'bv', key: `bv[${width}]`, width });
}

export function arrayType(index: Type, elem: Type): ArrayType {
  return intern({ kind: 'array', key: `[${index.key}] -> ${elem.key}`, index, elem });
}

export function fpType(exp: number, sig: number): FpType {
  return intern({ kind: 'fp', key: `fp[${exp},${sig}]`, exp, sig });
}

export function isNumeric(t: Type): boolean {
  return t.kind === 'int' || t.kind === 'rat';
}
