/**
 * The grow step of the solver's per-variable arrays: a copy with room for more, the new places
 * holding `fill`. Shared by the solver, its decision heap and its justification frontier, which
 * all grow with the variables.
 */
type Resizable = Int8Array | Uint8Array | Uint16Array | Int32Array | Float64Array;

export function resized<T extends Resizable>(a: T, n: number, fill = 0): T {
  const b = new (a.constructor as new (length: number) => T)(n);
  if (fill !== 0) b.fill(fill);
  b.set(a);
  return b;
}
