/**
 * A monotonic clock in milliseconds, for how long a step took (statistics, budgets). Node's global
 * `performance` loads perf_hooks when first read, 2 ms of every circuit run; the process's
 * high-resolution clock needs no module.
 */
export function clockMs(): number {
  const [seconds, nanoseconds] = process.hrtime();
  return seconds * 1e3 + nanoseconds / 1e6;
}

/** When the process started, in milliseconds since the epoch (as `Date.now()`): the start of a check's --timeout clock. */
export function processStartMs(): number {
  return Date.now() - process.uptime() * 1e3;
}
