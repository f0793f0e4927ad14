/**
 * Every SAFE certificate Vigil writes for the corpus circuits (the AIGER models of the corpus and
 * of models/), as `vigil check --certificate` writes it, checked by certifaiger's rules with
 * MiniSat (test/support/certifaiger.ts) against the model reencoded as certifaiger requires. Longer than
 * `npm test` should be, so it runs only when CORPUS_CERTIFICATES gives the seconds per run:
 * `CORPUS_CERTIFICATES=60 npx vitest run test/e2e/certificates-corpus.test.ts`; ALGORITHMS picks the
 * engines (default `ic3,kind`). `npm test` checks IC3's certificates within its shorter limits
 * (test/unit/engines/aiger-engines.test.ts).
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { manifest } from '../support/corpus.js';
import { ROOT, vigil } from '../support/cli.js';
import { readAiger } from '../support/aiger-sim.js';
import { certifaiger, reencoded } from '../support/certifaiger.js';

const SECONDS = Number(process.env.CORPUS_CERTIFICATES ?? 0);
const ALGORITHMS = (process.env.ALGORITHMS ?? 'ic3,kind').split(',');
const dir = mkdtempSync(join(tmpdir(), 'vigil-corpus-certs-'));
const circuits = [
  ...manifest().filter((m) => m.formalism === 'aiger').map((m) => m.file),
  ...readdirSync(join(ROOT, 'models')).filter((f) => f.endsWith('.aag')).map((f) => join(ROOT, 'models', f)),
];

describe.skipIf(!SECONDS)('certifaiger\'s rules accept every SAFE certificate of the corpus circuits', () => {
  for (const algorithm of ALGORITHMS) {
    it(`${algorithm}, ${SECONDS} s per circuit`, () => {
      const failed: string[] = [];
      let safe = 0;
      for (const file of circuits) {
        const cert = join(dir, `${basename(file)}.${algorithm}.aag`);
        const r = vigil(['check', file, '--algorithm', algorithm, '--timeout', String(SECONDS), '--quiet', '--certificate', cert], (SECONDS + 120) * 1000);
        if (r.code !== 0) continue;
        safe++;
        const text = existsSync(cert) ? readFileSync(cert, 'utf8') : '';
        const wrong = text.includes('WITNESS') ? certifaiger(reencoded(readAiger(readFileSync(file))), readAiger(Buffer.from(text)), 0) : 'not a witness circuit';
        if (wrong) failed.push(`${file}: ${wrong}`);
      }
      console.log(`${algorithm}: ${safe} SAFE certificates of ${circuits.length} circuits, ${safe - failed.length} accepted by certifaiger's rules`);
      expect(failed).toEqual([]);
    }, circuits.length * (SECONDS + 120) * 1000);
  }
});
