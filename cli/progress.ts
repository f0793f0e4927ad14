/**
 * Progress as plain text: the line printed per iteration on standard error when standard output is
 * not a terminal (pipes, CI), and the "reached" line of a run ended from outside.
 */
import type { Progress } from '../engines/result.js';

export function progressLine(p: Progress): string {
  const newest = p.newest?.length ? `; newest: ${p.newest.join(', ')}` : '';
  return `${p.property ? `${p.property}: ` : ''}${p.phase}, iteration ${p.iteration}${p.detail ? `: ${p.detail}` : ''}${newest}`;
}

/**
 * One line per iteration: an iteration's line is written when the next one starts (or the run
 * ends), so it shows the state the iteration ended in rather than the one it began with.
 */
export class PlainProgress {
  private last: Progress | undefined;

  constructor(private readonly write: (line: string) => void, private readonly started = Date.now()) {}

  update(p: Progress): void {
    if (this.last && (this.last.iteration !== p.iteration || this.last.property !== p.property)) this.flush();
    this.last = p;
  }

  flush(): void {
    if (this.last) this.write(`[${((Date.now() - this.started) / 1000).toFixed(1)} s] ${progressLine(this.last)}`);
    this.last = undefined;
  }
}
