/**
 * The coordinator's progress line: a bar with the runs done, running, waiting and failed, and the
 * time left estimated from this sitting's rate of finished runs.
 */
interface Progress {
  readonly total: number;
  readonly done: number;
  readonly running: number;
  readonly failed: number;
  /** Runs finished in this sitting, and its age in ms: the rate behind the estimate. */
  readonly finishedHere: number;
  readonly elapsedMs: number;
}

const WIDTH = 24;

function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  return m < 60 ? `${m}m${String(s % 60).padStart(2, '0')}s` : `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

export function progressLine(p: Progress): string {
  const waiting = Math.max(0, p.total - p.done - p.running - p.failed);
  const filled = p.total === 0 ? WIDTH : Math.round((WIDTH * p.done) / p.total);
  const left = p.total - p.done - p.failed;
  const eta = p.finishedHere === 0 ? '?' : duration((p.elapsedMs / p.finishedHere) * left);
  return `[${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${p.done}/${p.total} done, ${p.running} running, ${waiting} waiting, ${p.failed} failed, ETA ${eta}`;
}

/**
 * Writes result lines and the progress line to a stream: on a terminal the progress line stays at
 * the bottom, redrawn in place; elsewhere (a log file) it is printed every LOG_MS and at the end.
 */
export function progressWriter(out: NodeJS.WriteStream): { line(text: string): void; status(text: string): void; end(): void } {
  const LOG_MS = 10_000;
  let status = '';
  let logged = 0;
  return {
    line(text) {
      out.write(out.isTTY ? `\r\x1b[K${text}\n${status}` : `${text}\n`);
    },
    status(text) {
      status = text;
      if (out.isTTY) out.write(`\r\x1b[K${text}`);
      else if (Date.now() - logged >= LOG_MS) {
        out.write(`${text}\n`);
        logged = Date.now();
      }
    },
    end() {
      if (status) out.write(out.isTTY ? '\n' : `${status}\n`);
    },
  };
}
