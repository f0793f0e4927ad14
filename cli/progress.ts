/**
 * Progress as plain text: the line printed per iteration on standard error when standard output is
 * not a terminal (pipes, CI), and the "reached" line of a run ended from outside.
 */
import type { Progress } from '../engines/run.js';

export function progressLine(p: Progress): string {
  const newest = p.newest?.length ? `; newest: ${p.newest.join(', ')}` : '';
  return `${p.property ? `${p.property}: ` : ''}${p.phase}, iteration ${p.iteration}${p.detail ? `: ${p.detail}` : ''}${newest}`;
}

/** Lines written in full before the rate limit applies, and the least time between lines after that. */
const UNTHROTTLED_LINES = 100;
const THROTTLE_MS = 100;

/**
 * One line per iteration: an iteration's line is written when the next one starts (or the run
 * ends), so it shows the state the iteration ended in rather than the one it began with. After
 * the first hundred lines at most one every 100 ms (an engine on a small circuit, such as BMC,
 * may finish thousands of iterations a second); each property's last iteration is always written.
 */
export class PlainProgress {
  private last: Progress | undefined;
  private lines = 0;
  private lastWritten = 0;

  constructor(private readonly write: (line: string) => void, private readonly started = Date.now()) {}

  update(p: Progress): void {
    const last = this.last;
    if (last !== undefined && last.property !== p.property) this.flush();
    else if (last !== undefined && last.iteration !== p.iteration && (this.lines < UNTHROTTLED_LINES || Date.now() - this.lastWritten >= THROTTLE_MS)) this.flush();
    this.last = p;
  }

  flush(): void {
    if (!this.last) return;
    this.write(`[${((Date.now() - this.started) / 1000).toFixed(1)} s] ${progressLine(this.last)}`);
    this.lines++;
    this.lastWritten = Date.now();
    this.last = undefined;
  }
}
