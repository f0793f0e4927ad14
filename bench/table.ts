/**
 * A results file as one Markdown table, a line per configuration: models solved per category and in
 * all, the models only it solved (unique, among the file's Vigil configurations), wrong verdicts,
 * the runs that ended without a verdict (unknown, timeout, out of memory, error), and CPU time of
 * its solved runs and of all its runs. `vigil table` prints it and `vigil report` writes it as
 * `table.md`; the README's portfolio and approaches tables are its output. `vigil table --by-verdict`
 * prints the other view, a line per folder and stated verdict with every configuration and peer
 * side by side, the models only one of them decides, and which portfolio members won.
 */
import { categoriesOf, configsOf } from './summary.js';
import type { ResultRow } from './results.js';

const solved = (r: ResultRow) => r.status === 'correct' || r.status === 'solved';
const cpu = (rs: readonly ResultRow[]) => (rs.reduce((s, r) => s + Number(r.timems), 0) / 1000).toFixed(1);

export function solvedTable(rows: readonly ResultRow[]): string {
  const configs = configsOf(rows).filter((c) => rows.some((r) => r.config === c && r.tool === 'vigil'));
  const categories = categoriesOf(rows);
  const solvers = new Map<string, Set<string>>();
  for (const r of rows) if (solved(r) && configs.includes(r.config)) solvers.set(r.model, (solvers.get(r.model) ?? new Set()).add(r.config));
  const head = ['configuration', ...categories, 'solved', 'unique', 'wrong', 'unknown', 'CPU s (solved)', 'CPU s (all)'];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`];
  for (const c of configs) {
    const mine = rows.filter((r) => r.config === c);
    const ok = mine.filter(solved);
    // a configuration that does not apply to a category (LBE on an STS) has no runs there
    const perCategory = categories.map((cat) => {
      const runs = mine.filter((r) => r.category === cat).length;
      return runs === 0 ? '–' : `${ok.filter((r) => r.category === cat).length}/${runs}`;
    });
    const unique = ok.filter((r) => solvers.get(r.model)!.size === 1).length;
    const wrong = mine.filter((r) => r.status === 'wrong').length;
    const unknown = mine.length - ok.length - wrong;
    lines.push(`| ${[c, ...perCategory, `${ok.length}/${mine.length}`, unique, wrong, unknown, cpu(ok), cpu(mine)].join(' | ')} |`);
  }
  return lines.join('\n');
}

/** A model's folder: the first two parts of its path (`hwmcc20/bv`), or its category when shorter. */
function folderOf(r: ResultRow): string {
  const parts = r.model.split('/');
  return parts.length > 2 ? parts.slice(0, 2).join('/') : r.category;
}

/** How often each portfolio member won among the runs: `ic3-no-ctg-ctp 12, kind 3`. */
function winners(rs: readonly ResultRow[]): string {
  const won = new Map<string, number>();
  for (const r of rs) for (const w of r.winner.split(';').map((x) => x.trim()).filter((x) => x !== '')) won.set(w, (won.get(w) ?? 0) + 1);
  return [...won].sort((a, b) => b[1] - a[1]).map(([w, n]) => `${w} ${n}`).join(', ');
}

/**
 * A line per folder (or, with `group` 'category', per category: a CHC task's track and family)
 * and stated verdict: per configuration (Vigil's and the peers') the models it decided with the
 * CPU time of all its runs, the models only that one decided, and the members that won for the
 * configurations that are portfolios; wrong verdicts are named in their cell.
 */
export function verdictTable(rows: readonly ResultRow[], group: 'folder' | 'category' = 'folder'): string {
  const configs = configsOf(rows);
  const groups = new Map<string, ResultRow[]>();
  for (const r of rows) {
    const key = `${group === 'category' ? r.category : folderOf(r)}\u0000${r.expected}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const portfolios = configs.filter((c) => rows.some((r) => r.config === c && r.winner !== ''));
  const head = [group, 'verdict', 'models', ...configs.map((c) => `${c} (CPU s)`), ...configs.map((c) => `only ${c}`), ...portfolios.map((c) => `${c} won by`)];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map((_, i) => (i < 2 ? '---' : '---:')).join('|')}|`];
  const line = (folder: string, verdict: string, rs: readonly ResultRow[]) => {
    const models = [...new Set(rs.map((r) => r.model))];
    const deciders = new Map(models.map((m) => [m, new Set(rs.filter((r) => r.model === m && solved(r)).map((r) => r.config))]));
    const cells = configs.map((c) => {
      const mine = rs.filter((r) => r.config === c);
      const wrong = mine.filter((r) => r.status === 'wrong').length;
      return `${mine.filter(solved).length}/${mine.length}${wrong ? ` **${wrong} wrong**` : ''} (${cpu(mine)})`;
    });
    const only = configs.map((c) => models.filter((m) => deciders.get(m)!.size === 1 && deciders.get(m)!.has(c)).length);
    return `| ${[folder, verdict, models.length, ...cells, ...only, ...portfolios.map((c) => winners(rs.filter((r) => r.config === c && solved(r))))].join(' | ')} |`;
  };
  for (const [key, rs] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const [folder, verdict] = key.split('\u0000') as [string, string];
    lines.push(line(folder, verdict, rs));
  }
  lines.push(line('all', '', rows));
  return lines.join('\n');
}
