/**
 * The queue of proof obligations shared by both IC3s (bit-level and with implicit predicate
 * abstraction): the lowest level first, closest to the bad state among equals, so blocking works
 * bottom-up. A binary heap from `tinyqueue`, the priority queue CEGAR's search uses too.
 */
import TinyQueue from 'tinyqueue';

/** What the queue orders by. */
interface Ranked {
  readonly level: number;
  /** Distance to the bad state. */
  readonly depth: number;
}

export class ObligationQueue<O extends Ranked> {
  private readonly heap = new TinyQueue<O>([], (a, b) => a.level - b.level || a.depth - b.depth);
  get size(): number { return this.heap.length; }
  push(o: O): void { this.heap.push(o); }
  peek(): O { return this.heap.peek()!; }
  pop(): O { return this.heap.pop()!; }
}
