/**
 * k-liveness (Claessen and Sörensson, FMCAD 2012) on IC3, the registry's `klive`: with the justice
 * set and the fairness merged into one accepting signal (formalisms/liveness-circuits.ts), the
 * property holds if, for some K, no run accepts more than K times. That is a safety property: a
 * counter of accepts (reset 0) whose (K+1)-th accept is the bad state. K goes up from 0 for as long
 * as IC3 finds counterexamples (which say nothing about the liveness property: K accepts are no
 * infinite run); a proof for some K proves the property, and IC3's invariant over latch positions
 * is its certificate (the front end builds the witness circuit with its ranking). Counterexamples
 * to the property come from the bounded lasso search (lasso-bmc.ts) beside it.
 *
 * K is 0 to 3, then doubles: at most K accepts implies at most K' for every K' > K, so a proof
 * exists for every K from the least one on; doubling reaches it in a logarithmic number of IC3 runs
 * where a property needs many accepts before it settles (hwmcc17/culockro: more than 54), at the
 * price of a larger counter. `--bound` is the largest K tried.
 */
import { extendAigWithLatches, type Aig } from '../../../formalisms/aig.js';
import { kLivenessConstruction, kLivenessLatchCount, liveLits } from '../../../formalisms/liveness-circuits.js';
import { unknown, type Result, type Statistics } from '../../../formalisms/result.js';
import type { Engine, Settings } from '../../engine.js';
import { boundOf, boundShown } from '../../bound.js';
import { byPosition, constructionBase } from '../../passes/l2s.js';
import { runIc3 } from '../ic3.js';

/** The safety circuit "at most K accepts" of the circuit's justice property, its new latches after the circuit's. */
function kLivenessCircuit(m: Aig, k: number): Aig {
  const lits = liveLits(m, 0);
  return extendAigWithLatches(m, kLivenessLatchCount(lits.length, k), (and, old, own) => {
    const { latches, bad } = kLivenessConstruction(and, lits.map(old), own, k);
    return { latches, properties: [{ lit: bad, section: 'bad', index: 0, name: `accept ${k + 1} times` }] };
  });
}

function nextK(k: number): number {
  return k < 3 ? k + 1 : 2 * k;
}

export function createEngine(settings: Settings): Engine {
  const maxK = boundOf(settings);
  return {
    configuration: () => ({ ...boundShown(maxK) }),
    check(task, limits, reporter): Result {
      const m = task.circuit!;
      const started = Date.now();
      const totals: Statistics = { timeMs: 0, solverChecks: 0, solverTimeMs: 0 };
      const stats = (k: number): Statistics => ({ ...totals, timeMs: Date.now() - started, k });
      let k = 0;
      for (; k <= maxK; k = nextK(k)) {
        reporter.progress({ phase: 'k-liveness', iteration: k, detail: `at most ${k} accepts` });
        const safety = kLivenessCircuit(m, k);
        const { outcome, stats: run } = runIc3(safety, { ...limits, onProgress: (p) => reporter.progress(p) }, started);
        totals.solverChecks += run.solverChecks;
        totals.solverTimeMs += run.solverTimeMs;
        if (outcome.result === 'unknown') return { verdict: 'unknown', reason: outcome.reason, stats: stats(k) };
        if (outcome.result === 'safe') {
          return { verdict: 'live', certificate: { kind: 'k-liveness', k, base: constructionBase(m), clauses: byPosition(safety, outcome.invariant), facts: [] }, stats: stats(k) };
        }
      }
      return { verdict: 'unknown', reason: unknown('bound', `K = ${maxK} reached`), stats: stats(maxK) };
    },
  };
}
