/**
 * A results file as one Markdown table, a line per configuration: models solved per category and in
 * all, the models only it solved (unique, among the file's Vigil configurations), wrong verdicts,
 * the runs that ended without a verdict (unknown, timeout, out of memory, error), and CPU time of
 * its solved runs and of all its runs. `vigil table` prints it and `vigil report` writes it as
 * `table.md`; the README's portfolio and approaches tables are its output.
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
