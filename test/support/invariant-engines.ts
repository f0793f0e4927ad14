/**
 * The cases every word-level engine that answers with an invariant per location shares (PDR, TPA):
 * the corpus models it decides, with a certificate of the verdict's kind, and its invariant
 * passing the independent checker until it is corrupted.
 */
import { expect, it } from 'vitest';
import { join } from 'node:path';
import { False, True } from '../../lang/expr.js';
import { checkInductiveInvariant } from '../../certificates/invariant.js';
import { ROOT } from './cli.js';
import { CORPUS_DIR, manifest } from './corpus.js';
import { checkWith, load } from './engines.js';

/**
 * A case per corpus model: `engine` answers the manifest's verdict with an invariant (or another of
 * the `proofs` kinds) or a trace (checkWith checks it).
 */
export function decidesCorpus(engine: string, paths: readonly string[], proofs: readonly string[] = ['invariant']): void {
  const expected = new Map(manifest().map((m) => [m.path, m.expected]));
  for (const path of paths) {
    it(`decides ${path} (${expected.get(path)})`, async () => {
      const r = await checkWith(engine, await load(CORPUS_DIR + path), { ms: 60_000 });
      expect(r.verdict).toBe(expected.get(path));
      if (r.verdict !== 'safe' && r.verdict !== 'unsafe') throw new Error(`no verdict: ${r.verdict}`);
      if (r.verdict === 'safe') expect(proofs).toContain(r.certificate.kind);
      else expect(r.certificate.kind).toBe('trace');
    }, 120_000);
  }
}

/** A case: `engine`'s invariant on models/`name` passes the check, and fails it with the initial states excluded or every lemma forgotten. */
export function corruptedInvariantFails(engine: string, name: string): void {
  it('a corrupted invariant fails the check', async () => {
    const problem = await load(join(ROOT, 'models', name));
    const r = await checkWith(engine, problem, { ms: 60_000 });
    if (r.verdict !== 'safe' || r.certificate.kind !== 'invariant') throw new Error(`expected an inductive invariant, got ${r.verdict}`);
    const { invariant } = r.certificate;
    const m = problem.task(problem.properties[0]!).model;
    expect(await checkInductiveInvariant(m, invariant)).toBeUndefined();
    expect(await checkInductiveInvariant(m, new Map(invariant).set(m.initLoc, False))).toMatch(/does not hold initially/);
    // the error location reached
    expect(await checkInductiveInvariant(m, new Map([...invariant.keys()].map((l) => [l, True])))).toMatch(/does not exclude the bad states/);
  }, 120_000);
}
