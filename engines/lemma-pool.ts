/**
 * Lemma sharing between a portfolio's IC3 members (after the parallel IC3 of Bradley, "SAT-based
 * model checking without unrolling", 2011, whose processes exchange their clauses): an
 * append-only log of clauses in shared memory, which every IC3 run of the race writes its lemmas
 * to and reads the others' from. A lemma of level i holds in every state reachable within i steps,
 * whoever found it; the reader still checks it relative to its own frames before it adds it
 * (engines/aiger/ic3.ts), so its frames keep IC3's invariants.
 *
 * Clauses name latches by file position (`2 * position + negated`), so members on differently
 * preprocessed circuits of one property (before and after latch correspondence) understand each
 * other; a reader skips a lemma over a latch its circuit does not have.
 *
 * Layout of the Int32 words: [0] the next free word, [1] the number of readers joined; then the
 * records, each [n + 1, writer, level, n literals]. A writer reserves its record with one atomic
 * add and writes its header word last, so a reader stops at a header still 0 and comes back to it
 * later. A full log takes no more records.
 */

const FIRST_RECORD = 2;

/** A log of this many words: 16 MB, some millions of literals. */
const WORDS = 1 << 22;

/** The shared memory of a new, empty log. */
export function lemmaLog(words = WORDS): SharedArrayBuffer {
  const buffer = new SharedArrayBuffer(4 * words);
  new Int32Array(buffer)[0] = FIRST_RECORD;
  return buffer;
}

/** One run's end of the log: it writes its own lemmas and reads the others' once each. */
export class LemmaPool {
  private readonly words: Int32Array;
  private readonly id: number;
  private read = FIRST_RECORD;
  /** Lemmas written and read, for the run's statistics. */
  published = 0;
  received = 0;

  constructor(buffer: SharedArrayBuffer) {
    this.words = new Int32Array(buffer);
    this.id = Atomics.add(this.words, 1, 1);
  }

  /** Writes a lemma of `level` (literals over latch positions); dropped when the log is full. */
  publish(level: number, lits: readonly number[]): void {
    const w = this.words;
    const size = 3 + lits.length;
    if (Atomics.load(w, 0) + size > w.length) return;
    const at = Atomics.add(w, 0, size);
    if (at + size > w.length) return;
    w[at + 1] = this.id;
    w[at + 2] = level;
    for (let i = 0; i < lits.length; i++) w[at + 3 + i] = lits[i]!;
    Atomics.store(w, at, lits.length + 1);
    this.published++;
  }

  /** Visits the other runs' lemmas written since the last call, in the order written. */
  take(visit: (level: number, lits: Int32Array) => void): void {
    const w = this.words;
    const end = Math.min(Atomics.load(w, 0), w.length);
    while (this.read + 3 <= end) {
      const header = Atomics.load(w, this.read);
      if (header === 0) return;
      const n = header - 1;
      if (w[this.read + 1] !== this.id) {
        this.received++;
        visit(w[this.read + 2]!, w.subarray(this.read + 3, this.read + 3 + n));
      }
      this.read += 3 + n;
    }
  }
}
