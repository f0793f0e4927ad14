/** The BTOR2 front end's entry (formalisms/frontends/frontend.ts): word-level hardware models (`.btor2`, `.btor`), as btor2tools' README specifies them. */
import { CEX, text, type FrontEnd } from '../frontend.js';

export const BTOR2: FrontEnd = {
  name: 'btor2',
  title: 'BTOR2 models',
  extensions: ['.btor2', '.btor'],
  outputs: [
    CEX,
    { name: 'witness', help: 'the btorsim witness of each UNSAFE property (sat, b<i>, #k state and @k input parts, .)' },
    { name: 'certificate', help: 'SAFE: a word-level invariant as the model with one more bad property, the invariant negated, which plain induction proves (a k-inductive one as the word-level model in STS syntax), or, for a bit-level proof, a witness circuit of the bit-blasted circuit (certifaiger\'s format)' },
  ],
  circuits: true,
  load: async (file, bytes) => {
    const [{ parseBtor2 }, { btor2Problem }] = await Promise.all([import('./reader.js'), import('./problem.js')]);
    return btor2Problem(file, parseBtor2(text(bytes), file), bytes);
  },
};
