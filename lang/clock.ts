/**
 * A monotonic clock in milliseconds, for how long a step took (statistics, budgets). Node's global
 * `performance` loads perf_hooks when first read, 2 ms of every circuit run; the process's uptime
 * is the same high-resolution clock, read without a module and, unlike `process.hrtime()`, without
 * an array per reading (the SAT solver reads it at every call).
 */
export function clockMs(): number {
  return process.uptime() * 1e3;
}

/** When the process started, in milliseconds since the epoch (as `Date.now()`): the start of a check's --timeout clock. */
export function processStartMs(): number {
  return Date.now() - process.uptime() * 1e3;
}

/**
 * The first value of a field that sums times (or any fractions): zero as a double. V8 stores a
 * field in the form of the first value it gets, and a field that starts as the integer 0 changes
 * its object's hidden class when it first gets a fraction, which discards the code compiled for
 * objects of that class by then (in a short run, the SAT solver's: `docs/bench/start-up.md`). -0
 * adds, compares and prints as 0.
 */
export const ZERO_MS = -0;
