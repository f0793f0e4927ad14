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

/**
 * Variables a `vigil` process runs with: the shebang sets them (`env -S`), and so do the bench's
 * launches (`vigilEnv`); the command takes them out of its own environment as it starts
 * (`dropOwnEnv`), so that the programs it runs (ABC, cvc5, MiniSat beside it in a benchmark) run
 * as they would anywhere.
 *
 * `glibc.malloc.hugetlb=1` has glibc's allocator ask the kernel for transparent huge pages
 * (`madvise`) for the memory it maps, where typed arrays' contents, V8's compiler zones and
 * Node's buffers live. On these machines (Firecracker VMs, transparent huge pages on `madvise`) a
 * first touch of a 4 KB page costs about 10 µs (docs/bench/start-up.md), and a check of `cal182`
 * touched 14,700 pages, 10,500 with it. On the 89 circuits of HWMCC'24 and the development set,
 * the same build with and without it in turn, two rounds, the median wall ratio was 0.962 on the
 * development circuits and 0.975 on HWMCC'24's; `vigil --version` took the same time. glibc
 * before 2.35, a kernel without transparent huge pages and other C libraries ignore it.
 */
export const NODE_ENV_SET: Readonly<Record<string, string>> = { GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1' };

/** The environment for a `vigil` process started from this one. */
export function vigilEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const out = { ...env, ...NODE_ENV_SET };
  for (const name of NODE_ENV_UNSET) delete out[name];
  return out;
}

/** Takes NODE_ENV_SET's variables, as the shebang set them, out of this process's environment, for the programs it starts. */
export function dropOwnEnv(): void {
  for (const [name, value] of Object.entries(NODE_ENV_SET)) if (process.env[name] === value) delete process.env[name];
}
