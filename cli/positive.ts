/** The argument parser of the options that take a positive number (limits, job counts), for commander. */
import { InvalidArgumentError } from 'commander';

export function positive(what: string, unit?: string) {
  return (s: string): number => {
    const n = Number(s);
    if (!(n > 0) || !Number.isFinite(n)) throw new InvalidArgumentError(`${what} must be a positive number${unit ? ` of ${unit}` : ''}, got '${s}'`);
    return n;
  };
}

/** The argument parser of the options that take a count (workers' concurrent runs), for commander. */
export function positiveInteger(what: string) {
  return (s: string): number => {
    const n = Number(s);
    if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`${what} must be a positive whole number, got '${s}'`);
    return n;
  };
}
