/**
 * Chevrotain's runtime, loaded from the single-file ESM build that the package ships
 * (`lib/chevrotain.mjs`: the same version and API). The package's entry point imports lodash-es as
 * some 640 separate modules, which cost about half a second of every start-up of `vigil`; the
 * bundled file loads in a fraction of that. The types still come from the package itself.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

type Chevrotain = typeof import('chevrotain');

/** The package's entry (`lib/src/api.js`); the bundle lies beside its folder. */
const entry = createRequire(import.meta.url).resolve('chevrotain');
const chevrotain = (await import(pathToFileURL(join(dirname(entry), '..', 'chevrotain.mjs')).href)) as Chevrotain;

export const { EOF, EmbeddedActionsParser, Lexer, createToken } = chevrotain;
export type EmbeddedActionsParser = import('chevrotain').EmbeddedActionsParser;
export type Lexer = import('chevrotain').Lexer;
