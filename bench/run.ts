/**
 * `npm run bench`: the corpus run of one algorithm (bench/corpus.ts), or with `--matrix` the CEGAR
 * configuration matrix (bench/matrix.ts).
 */
if (process.argv.includes('--matrix')) await import('./matrix.js');
else await import('./corpus.js');
