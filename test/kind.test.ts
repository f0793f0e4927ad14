/**
 * k-induction over the interpreter view (engines/kind.ts) on the CFA, PLC and STS models of the
 * corpus with known verdicts: never a wrong verdict, every certificate checked by its kind (traces
 * replayed, k-inductive invariants by the checker's own unrolling), the unsafe models refuted.
 */
import { describe, expect, it } from 'vitest';
import { manifest } from './corpus.js';
import { checkWith, load } from './engines.js';

const models = manifest().filter((m) => m.expected !== 'unknown' && m.formalism !== 'aiger');

describe('word-level k-induction on the corpus', () => {
  let proved = 0;
  for (const m of models) {
    it(`${m.path} (${m.expected})`, async () => {
      const r = await checkWith('kind', await load(m.file), { settings: { bound: '25' }, ms: 8_000 });
      if (r.verdict !== 'unknown') expect(r.verdict).toBe(m.expected);
      if (r.verdict === 'safe') {
        expect(r.certificate.kind).toBe('k-invariant');
        proved++;
      }
    }, 60_000);
  }

  it('proves some of the safe models', () => {
    expect(proved).toBeGreaterThanOrEqual(5);
  });
});
