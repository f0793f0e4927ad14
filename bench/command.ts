/**
 * The `vigil bench`, `vigil generate`, `vigil table` and `vigil report` commands, added to the CLI's program by `addBenchCommands`.
 * `bench` exits 1 when a verdict contradicts the expected one, 2 on bad usage, 0 otherwise. The
 * harness and the charting libraries are imported when a command runs, so that they do not slow
 * down the start of every `vigil check`; so are the suites (and their CSV parser) and the progress line.
 */
import { Command } from 'commander';
import { positive, positiveInteger } from '../cli/positive.js';
import { ConfigError, EXPERIMENTS, NAMED, parseConfig, type RunConfig } from './configs.js';
import type { Model } from './suite.js';
import type { ResultRow } from './results.js';
import { ReportError } from './errors.js';


interface BenchCliOptions {
  suite?: string[];
  config?: string[];
  peer?: string[];
  experiment?: string;
  timeout: number;
  memory?: number;
  jobs: number;
  out?: string;
  queue?: string;
  reports?: string;
  certificates?: string;
}


const collect = (v: string, prev: string[] | undefined) => [...(prev ?? []), v];

/** Usage errors of these commands: a message and exit 2, as for bad input. */
async function usage(f: () => Promise<number>): Promise<number> {
  try {
    return await f();
  } catch (e) {
    const { ResultsFileError } = await import('./results.js');
    const { QueueError } = await import('./queue/connection.js');
    const { SuiteError } = await import('./suite.js');
    if (e instanceof ConfigError || e instanceof SuiteError || e instanceof ReportError || e instanceof ResultsFileError || e instanceof QueueError) {
      process.stderr.write(`${e.message}\n`);
      return 2;
    }
    throw e;
  }
}

async function bench(o: BenchCliOptions): Promise<number> {
  const experiment = o.experiment === undefined ? undefined : EXPERIMENTS[o.experiment.toLowerCase()];
  if (o.experiment !== undefined && !experiment) throw new ConfigError(`--experiment must be one of ${Object.keys(EXPERIMENTS).join(', ')}`);
  const configs: RunConfig[] = [...(experiment?.configs ?? []), ...(o.config ?? []).map(parseConfig), ...(o.peer ?? []).map(parseConfig)];
  if (configs.length === 0) configs.push(parseConfig('default'));
  const names = configs.map((c) => c.name);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice) throw new ConfigError(`two configurations are named '${twice}'; give one a "name"`);
  // Suites may overlap (a corpus part and one of its folders): each model runs once.
  const { suiteModels } = await import('./suite.js');
  let models: Model[] = [...new Map((o.suite ?? experiment?.suites ?? [undefined]).flatMap((s) => suiteModels(s)).map((m) => [m.name, m])).values()];
  if (experiment) models = models.filter((m) => experiment.formalisms.includes(m.formalism));
  if (experiment) process.stderr.write(`${experiment.title}: ${configs.length} configurations\n`);
  const limits = { timeoutS: o.timeout, ...(o.memory === undefined ? {} : { memoryMb: o.memory }) };
  const { progressWriter } = await import('./queue/progress.js');
  const progress = progressWriter(process.stderr);
  const onResult = (r: ResultRow, done: number, total: number) => progress.line(
    `[${done}/${total}] ${r.config} ${r.model}: ${r.status} ${(Number(r.walltimems) / 1000).toFixed(2)} s ${(Number(r.memory) / 2 ** 20).toFixed(0)} MB`);
  let rows: ResultRow[];
  let failed = 0;
  if (o.queue !== undefined) {
    if (o.out === undefined) throw new ConfigError('--queue needs --out: a queued campaign collects its results into a file');
    if (o.reports !== undefined || o.certificates !== undefined) throw new ConfigError('--reports and --certificates write their files on this machine: they cannot be used with --queue');
    const { runQueued } = await import('./queue/coordinator.js');
    const outcome = await runQueued({ models, configs, limits, out: o.out, queue: o.queue, launch: 'process', onResult, onProgress: progress.status });
    progress.end();
    for (const f of outcome.failed) process.stderr.write(`failed in the queue: ${f.config} ${f.model}: ${f.reason}\n`);
    if (outcome.failed.length > 0) process.stderr.write(`${outcome.failed.length} runs failed; run the same command again to retry them\n`);
    rows = outcome.rows;
    failed = outcome.failed.length;
  } else {
    const { runBench } = await import('./harness.js');
    rows = await runBench({ models, configs, jobs: o.jobs, out: o.out, limits, onResult,
      ...(o.reports === undefined ? {} : { reports: o.reports }), ...(o.certificates === undefined ? {} : { certificates: o.certificates }) });
  }
  const { readResults } = await import('./results.js');
  const all = o.out ? readResults(o.out) : rows;
  for (const c of names) {
    const mine = all.filter((r) => r.config === c);
    const n = (s: string) => mine.filter((r) => r.status === s).length;
    console.log(`${c}: ${mine.length} runs; correct ${n('correct')}, wrong ${n('wrong')}, unknown ${n('unknown')}, timeout ${n('timeout')}, `
      + `out of memory ${n('memout')}, error ${n('error')}; CPU ${(mine.reduce((s, r) => s + Number(r.timems), 0) / 1000).toFixed(1)} s`);
  }
  const split = disagreements(all.filter((r) => names.includes(r.config)));
  for (const d of split) console.log(`disagreement on ${d}`);
  return failed > 0 || split.length > 0 || all.some((r) => r.status === 'wrong' && names.includes(r.config)) ? 1 : 0;
}

/**
 * The models on which two configurations answer opposite verdicts (on a BTOR2 model: the words, the
 * blasted circuit and ABC on it), each with who said what: a bug in one of them, whether or not the
 * model's verdict is known.
 */
function disagreements(rows: readonly ResultRow[]): string[] {
  const byModel = new Map<string, ResultRow[]>();
  for (const r of rows) if (r.result === 'safe' || r.result === 'unsafe' || r.result === 'terminating' || r.result === 'nonterminating') byModel.set(r.model, [...(byModel.get(r.model) ?? []), r]);
  return [...byModel].filter(([, rs]) => new Set(rs.map((r) => r.result)).size > 1)
    .map(([model, rs]) => `${model}: ${rs.map((r) => `${r.config} ${r.result}`).join(', ')}`);
}

export function addBenchCommands(p: Command, run: (code: Promise<number>) => void): void {
  p.command('bench')
    .description('run configurations on a benchmark suite, each run in its own process with time and memory limits, into a results CSV')
    .option('--suite <dir|manifest>', 'a manifest, a folder of models, a part of the corpus (plc, hwmcc24, hwmcc19-20, ...), termination (the termination corpus) or families (the generated ones); repeatable; default: the corpus models with expected verdicts', collect)
    .option('--config <name|json>', `a configuration (${NAMED.join(', ')}, or JSON with Theta's option names); repeatable`, collect)
    .option('--peer <tool>', 'a peer tool run on the same models (abc-pdr: AIGER files and BTOR2 models bit-blasted; spacer, Z3\'s CHC engine: CHC files only); repeatable', collect)
    .option('--experiment <rq>', `a preset: approaches (the unifying view's approaches on the CFA and STS corpus and the families), or the CEGAR paper's factor designs ${Object.keys(EXPERIMENTS).filter((e) => e.startsWith('rq')).join(', ')}`)
    .option('--timeout <seconds>', 'wall-time limit per run', positive('--timeout', 'seconds'), 60)
    .option('--memory <MB>', 'resident-memory limit per run', positive('--memory', 'megabytes'))
    .option('--jobs <n>', 'runs at once', positive('--jobs'), 1)
    .option('--out <file.csv>', 'results file, appended to and resumed (runs already in it are skipped)')
    .option('--queue <redis://host:port[/db]>', 'run through a Redis job queue served by `vigil worker` processes on any machines (needs --out; --jobs is then the workers\' business)')
    .option('--reports <dir>', 'write each Vigil run\'s HTML report (vigil check --report) to DIR/CONFIG/MODEL.html, named in the results; vigil report links to them')
    .option('--certificates <dir>', 'write each Vigil run\'s certificate (vigil check --certificate) to DIR/CONFIG/MODEL.cert.EXT, EXT the model\'s, named in the results')
    .action((o: BenchCliOptions) => run(usage(() => bench(o))));

  p.command('worker')
    .description('run the campaigns queued by `vigil bench --queue` on this machine, each run in its own process as `vigil bench` does')
    .requiredOption('--queue <redis://host:port[/db]>', 'the Redis server of the campaign')
    .option('--jobs <n>', 'runs at once', positiveInteger('--jobs'), 1)
    .action((o: { queue: string; jobs: number }) => run(usage(async () => {
      const { serve } = await import('./queue/worker.js');
      return serve({ queue: o.queue, jobs: o.jobs, log: (line) => process.stderr.write(`${line}\n`) });
    })));

  p.command('generate')
    .description('write the generated benchmark families (PLC scan-cycle models, STS and CFA, safe and unsafe) and their manifest')
    .argument('<family>', 'the family: plc')
    .requiredOption('--out <dir>', 'folder for the models and manifest.csv (the repository keeps them in models/families)')
    .action((family: string, o: { out: string }) => run(usage(async () => {
      if (family !== 'plc') throw new ReportError(`generate: unknown family '${family}' (families: plc)`);
      const { writeFamilies } = await import('./families/generate.js');
      console.log(`wrote ${writeFamilies(o.out)} models and ${o.out}/manifest.csv`);
      return 0;
    })));

  p.command('table')
    .description('per configuration: models solved per category, unique, wrong, CPU time, as a Markdown table')
    .argument('<results.csv...>', 'the results of `vigil bench --out` (several are read as one)')
    .option('--by-verdict', 'a line per folder and stated verdict, the configurations and peers side by side, the models only one decides and the members that won')
    .option('--group <folder|category>', 'with --by-verdict: a line per folder (default) or per category (a CHC task\'s track and family)', 'folder')
    .action((csvs: string[], o: { byVerdict?: boolean; group: string }) => run(usage(async () => {
      if (o.group !== 'folder' && o.group !== 'category') throw new ConfigError(`--group takes folder or category, got '${o.group}'`);
      const { readResults } = await import('./results.js');
      const { solvedTable, verdictTable } = await import('./table.js');
      const rows = csvs.flatMap((c) => readResults(c));
      console.log(o.byVerdict ? verdictTable(rows, o.group) : solvedTable(rows));
      return 0;
    })));

  p.command('report')
    .description('heatmap, cactus and scatter plots (SVG, PNG) and an HTML page from a results CSV')
    .argument('<results.csv>', 'the results of `vigil bench --out`')
    .requiredOption('--out <dir>', 'folder for the charts and index.html')
    .option('--scatter <a,b>', 'the two configurations of the scatter plot (default: the first two)')
    .option('--title <text>', 'the heatmap and page title')
    .action((csv: string, o: { out: string; scatter?: string; title?: string }) => run(usage(async () => {
      const pair = o.scatter?.split(',').map((s) => s.trim());
      if (pair && pair.length !== 2) throw new ReportError('--scatter takes two configuration names separated by a comma');
      const { writeReport } = await import('./report.js');
      const files = await writeReport(csv, { out: o.out, ...(pair ? { scatter: [pair[0]!, pair[1]!] as const } : {}), ...(o.title ? { title: o.title } : {}) });
      console.log(`wrote ${files.join(', ')}`);
      return 0;
    })));
}
