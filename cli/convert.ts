/**
 * `vigil convert MODEL.btor2 OUT.aag|OUT.aig`: a BTOR2 model bit-blasted into an AIGER circuit
 * (formalisms/frontends/btor2/blast.ts), as btor2aiger does, ASCII or binary by the output's name,
 * with the words' bits in the symbol table as `name[i]`, so that ABC or any AIGER tool can take it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { FileError } from '../formalisms/frontends/index.js';
import { parseBtor2 } from '../formalisms/frontends/btor2/reader.js';
import { blast } from '../formalisms/frontends/btor2/blast.js';
import { aigFromFile } from '../formalisms/aig.js';
import { printAag, printAig } from '../formalisms/aig-print.js';

export function convert(model: string, out: string): void {
  if (!/\.btor2?$/i.test(model)) throw new FileError(`${model}: convert reads BTOR2 models (.btor2, .btor)`);
  const format = /\.aag$/i.test(out) ? 'aag' : /\.aig$/i.test(out) ? 'aig' : undefined;
  if (!format) throw new FileError(`${out}: convert writes AIGER circuits: the name ends in .aag (ASCII) or .aig (binary)`);
  let text: string;
  try {
    text = readFileSync(model, 'utf8');
  } catch (e) {
    throw new FileError(`${model}: cannot read: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
  const b = blast(parseBtor2(text, model));
  if ('refused' in b) throw new FileError(`${model}: cannot bit-blast: ${b.refused}`);
  const aig = aigFromFile(b.blasted.aiger);
  const comments = [...b.blasted.aiger.comments, 'every bad state property b<i> of the model is bad-state property b<i> here; constraints are invariant constraints'];
  try {
    writeFileSync(out, format === 'aig' ? printAig(aig, { comments }) : printAag(aig, { comments }));
  } catch (e) {
    throw new FileError(`${out}: cannot write: ${(e as Error).message}`);
  }
}
