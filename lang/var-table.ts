/**
 * A table from AIGER variable numbers to non-negative integers, for reading a circuit file: which
 * variable is defined as what, and which node of the graph it became. The header's M bounds the
 * variables but may lie far above the ones a file defines, so the table is an array indexed by
 * variable when M is within a few times the definitions (every circuit of the corpus), and a `Map`
 * otherwise. The array matters on large circuits: a `Map` of the 50,000 variables of `a19-p15`
 * took 5 to 10 ms per pass over the file, in a run of 0.3 s.
 */
export class VarTable {
  /** The value plus one, 0 when absent (dense tables). */
  private readonly dense: Int32Array | undefined;
  private readonly sparse: Map<number, number> | undefined;

  /** Variables from 0 to `maxVar`, of which at most about `defined` get a value. */
  constructor(maxVar: number, defined: number) {
    if (maxVar < 4 * defined + 65_536) this.dense = new Int32Array(maxVar + 1);
    else this.sparse = new Map();
  }

  /** The value of `v`, or -1. */
  get(v: number): number {
    if (this.dense) return this.dense[v]! - 1;
    return this.sparse!.get(v) ?? -1;
  }

  set(v: number, value: number): void {
    if (this.dense) this.dense[v] = value + 1;
    else this.sparse!.set(v, value);
  }
}
