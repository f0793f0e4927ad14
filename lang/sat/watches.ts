/**
 * The SAT solver's watch lists, all in one Int32Array pool. A list is a segment of the pool with a
 * length and a capacity; a list that outgrows its segment moves to the pool's end with twice the
 * room, and the pool doubles when that end is reached. The space a list leaves behind is not
 * reused: since its room doubles at each move, it leaves less behind than it holds, and the part
 * of the pool in use stays within twice the lists' room, as separate arrays that double would.
 *
 * A typed array per list would be an object per watched literal and a new one at every doubling:
 * loading a BMC unrolling of 180,000 clauses that way spends more time in the garbage collector
 * than in adding the clauses.
 *
 * Lists are numbered 2 * literal for long clauses and 2 * literal + 1 for binary ones, so a
 * literal's two lists sit side by side in the index arrays. An entry is a pair of words (clause
 * reference, blocking literal) whose meaning is the solver's.
 */
export class WatchLists {
  /** The pool; a grown pool is a new array, with every list at the same offset. */
  pool = new Int32Array(1024);
  /** Where each list starts in the pool, and how many words it holds. */
  start = new Int32Array(0);
  len = new Int32Array(0);
  private room = new Int32Array(0);
  private top = 0;

  /** Room for the lists of `literals` literals (growing only). */
  grow(literals: number): void {
    const n = 2 * literals;
    if (n <= this.start.length) return;
    const widen = (a: Int32Array) => { const b = new Int32Array(n); b.set(a); return b; };
    this.start = widen(this.start);
    this.len = widen(this.len);
    this.room = widen(this.room);
  }

  /** Appends the pair (`c`, `blocker`) to list `list`. May replace `pool` (offsets stay). */
  push(list: number, c: number, blocker: number): void {
    const n = this.len[list]!;
    if (n + 2 > this.room[list]!) this.move(list, Math.max(4, 2 * this.room[list]!));
    const at = this.start[list]! + n;
    this.pool[at] = c;
    this.pool[at + 1] = blocker;
    this.len[list] = n + 2;
  }

  /** Removes the pair of clause `c` from list `list`. */
  remove(list: number, c: number): void {
    const pool = this.pool;
    const s = this.start[list]!;
    const n = this.len[list]!;
    let j = s;
    for (let i = s; i < s + n; i += 2) {
      if (pool[i] === c) continue;
      pool[j++] = pool[i]!;
      pool[j++] = pool[i + 1]!;
    }
    this.len[list] = j - s;
  }

  /** Empties every list, keeping its room. */
  clear(): void {
    this.len.fill(0);
  }

  /** Moves list `list` to the pool's end with room for `room` words, or widens it there if it is last. */
  private move(list: number, room: number): void {
    const s = this.start[list]!;
    const old = this.room[list]!;
    const last = old > 0 && s + old === this.top;
    const from = last ? s : this.top;
    if (from + room > this.pool.length) {
      let size = 2 * this.pool.length;
      while (from + room > size) size *= 2;
      const pool = new Int32Array(size);
      pool.set(this.pool.subarray(0, this.top));
      this.pool = pool;
    }
    if (!last) {
      // most lists moved are a few words long, for which a loop is much cheaper than copyWithin
      const pool = this.pool;
      const n = this.len[list]!;
      if (n > 64) pool.copyWithin(from, s, s + n);
      else for (let i = 0; i < n; i++) pool[from + i] = pool[s + i]!;
      this.start[list] = from;
    }
    this.room[list] = room;
    this.top = from + room;
  }
}
