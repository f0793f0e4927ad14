/**
 * Node's options for a `vigil` process: the command's shebang (app/bin/vigil.cts) carries them, and
 * so do the processes the bench starts (bench/task.ts, bench/batch.ts, bench/profile.ts), which
 * run the command's script with `process.execPath` and would otherwise measure another process
 * than a user's `vigil`.
 *
 * `--v8-pool-size=0` sizes V8's pool of background threads (concurrent compilation, parallel GC) to
 * the cores minus one instead of Node's fixed 4. On two cores the checker's worker and the main
 * thread already contend with four such threads: with one, the 15 HWMCC'24 circuits around the
 * median took 10 % less CPU and 11 % less wall (medians of 7 interleaved runs), and runs of 1 to
 * 13 s took the same time.
 *
 * The shebang passes options through `env -S`, which GNU coreutils (8.30 on) and the BSDs' env
 * have; `node dist/bin/vigil.js` runs without them wherever that is missing.
 */
export const NODE_FLAGS: readonly string[] = ['--v8-pool-size=0'];

/**
 * Variables a `vigil` process runs without: the shebang removes them (`env -S -u`), and so do the
 * bench's launches (`vigilEnv`).
 *
 * NODE_EXTRA_CA_CERTS names certificates that Node 20 reads and parses when the process starts,
 * whether or not it ever opens a TLS connection; Vigil never does (its queue speaks plain
 * redis://). Where the environment sets it, as this project's machines do, it cost 80 ms of every
 * run (`node -e 0`: 120 ms against 40).
 */
export const NODE_ENV_UNSET: readonly string[] = ['NODE_EXTRA_CA_CERTS'];

/** The environment for a `vigil` process started from this one. */
export function vigilEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const out = { ...env };
  for (const name of NODE_ENV_UNSET) delete out[name];
  return out;
}
