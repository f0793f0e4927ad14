/** The argument parser of the options that take a positive number (limits, job counts), for commander. */
import { InvalidArgumentError } from 'commander';

export function positive(what: string, unit?: string) {
  return (s: string): number => {
    const n = Number(s);
    if (!(n > 0) || !Number.isFinite(n)) throw new InvalidArgumentError(`${what} must be a positive number${unit ? ` of ${unit}` : ''}, got '${s}'`);
    return n;
  };
}
