/**
 * Inductive proofs for formats whose proofs are inductive invariants (CHC's models, the task's
 * `inductiveProofs`): a pass that leaves the task as it is and maps a SAFE answer's k-inductive
 * invariant back as the inductive invariant it implies (strengthen.ts), where that has a
 * quantifier-free form of bounded size; otherwise the answer keeps its k-inductive proof. The
 * strengthening is imported when a run needs it: listing the engines must not load the expression
 * language or the SMT bridge (engines/registry.ts).
 */
import type { Result } from '../../formalisms/result.js';
import type { Pass, PassSpec } from './pass.js';

const PASS: Pass = {
  name: 'inductive',
  forward(task, context) {
    const back = async (r: Result): Promise<Result> => {
      if (r.verdict !== 'safe' || r.certificate.kind !== 'k-invariant' || r.certificate.k <= 1) return r;
      const started = Date.now();
      const { strengthen } = await import('./strengthen.js');
      const invariant = strengthen(task.model, r.certificate, await context.z3());
      if (typeof invariant === 'string') return r;
      return { ...r, certificate: { kind: 'invariant', invariant }, stats: { ...r.stats, strengthenedFromK: r.certificate.k, strengthenMs: Date.now() - started } };
    };
    return { task, back };
  },
};

export const INDUCTIVE: PassSpec = {
  name: 'inductive',
  shown: () => false,
  make: (_settings, task) => (task.inductiveProofs && !task.circuit ? PASS : undefined),
};
