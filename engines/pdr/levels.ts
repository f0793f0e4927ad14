/**
 * PDR's lemmas by level, as IC3 keeps them (delta encoding): each lemma is stored at the highest
 * level where it is known to hold, and F_i is every lemma stored at level i or above. Shared by
 * PDR on the CFA view (frames.ts, lemmas per location) and over clauses (engines/horn/frames.ts,
 * lemmas per predicate), which assert them on their solvers their own way.
 */
export class LemmaLevels<L> {
  /** Per level, the lemmas stored there (level 0 has none: F_0 is where the frames start). */
  private readonly levels: L[][] = [[]];

  get top(): number { return this.levels.length - 1; }

  /** Opens a level above the others, with no lemmas of its own. */
  open(): void {
    this.levels.push([]);
  }

  store(lemma: L, level: number): void {
    this.levels[level]!.push(lemma);
  }

  /** The lemmas stored at `level` and above: F_level's. */
  from(level: number): L[] {
    return this.levels.slice(level).flat();
  }

  /** How many lemmas there are. */
  get size(): number {
    return this.levels.reduce((n, ls) => n + ls.length, 0);
  }

  /**
   * Moves every lemma that `holds` one level up, from level 1 to the one below the top (`raise`
   * stores it there, and asserts it); the first level left without lemmas of its own, if any:
   * then F_i = F_(i+1), so the frames above it are closed under a step.
   */
  propagate(holds: (lemma: L, level: number) => boolean, raise: (lemma: L, level: number) => void): number | undefined {
    for (let i = 1; i < this.top; i++) {
      const stay: L[] = [];
      for (const m of this.levels[i]!) {
        if (holds(m, i + 1)) raise(m, i + 1);
        else stay.push(m);
      }
      this.levels[i] = stay;
      if (stay.length === 0) return i;
    }
    return undefined;
  }
}
