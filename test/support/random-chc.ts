/**
 * Random small CHC systems in the CHC-COMP format, from a seed, for the differential test
 * against Spacer: one to three predicates of arity 0 to 3 over Int and Bool, facts that start
 * them in small ranges, transitions that guard, count, copy, choose and swap, and one query;
 * linear, or (`nonlinear`) with about half the transitions joining a second body atom whose
 * arguments the head may use too. Written for the tests as SMT-LIB text, sharing no code with
 * Vigil's reader.
 */
import { mulberry32 } from '../../bench/random.js';

type Sort = 'Int' | 'Bool';

interface Pred { readonly name: string; readonly sorts: readonly Sort[] }

export function randomChc(seed: number, { nonlinear = false } = {}): string {
  const rnd = mulberry32(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)]!;
  const num = (n: number) => (n < 0 ? `(- ${-n})` : String(n));

  const preds: Pred[] = Array.from({ length: int(1, 3) }, (_, i) => ({
    name: i === 1 && rnd() < 0.3 ? `|p ${i}|` : `p${i}`,
    sorts: Array.from({ length: int(i === 0 ? 1 : 0, 3) }, () => (rnd() < 0.7 ? 'Int' : 'Bool') as Sort),
  }));
  let fresh = 0;
  const vars = (sorts: readonly Sort[]) => sorts.map((s) => ({ name: `v${fresh++}`, sort: s }));
  const atom = (p: Pred, args: readonly string[]) => (args.length ? `(${p.name} ${args.join(' ')})` : p.name);
  const clause = (decls: readonly { name: string; sort: Sort }[], body: readonly string[], head: string) => {
    const all = decls.length ? decls : [{ name: 'unused', sort: 'Bool' as Sort }];
    const conj = body.length === 0 ? 'true' : body.length === 1 ? body[0]! : `(and ${body.join(' ')})`;
    return `(assert (forall (${all.map((d) => `(${d.name} ${d.sort})`).join(' ')}) (=> ${conj} ${head})))`;
  };

  /** A condition on one argument value. */
  const test = (v: { name: string; sort: Sort }): string => (v.sort === 'Bool'
    ? pick([v.name, `(not ${v.name})`])
    : pick([`(< ${v.name} ${int(0, 6)})`, `(> ${v.name} ${num(int(-2, 4))})`, `(= ${v.name} ${num(int(-1, 5))})`, `(<= ${num(int(-3, 0))} ${v.name} ${int(1, 6)})`]));

  const clauses: string[] = [];
  // facts: the first predicate always, the others sometimes
  for (const p of preds) {
    if (p !== preds[0] && rnd() < 0.6) continue;
    const ys = vars(p.sorts);
    const body = ys.filter(() => rnd() < 0.8).map((y) => (y.sort === 'Bool' ? pick([y.name, `(not ${y.name})`]) : pick([`(= ${y.name} ${num(int(-1, 3))})`, `(<= 0 ${y.name} ${int(0, 3)})`])));
    clauses.push(clause(ys, body, atom(p, ys.map((y) => y.name))));
  }
  // transitions
  for (let t = int(1, 4); t > 0; t--) {
    const from = pick(preds);
    const to = pick(preds);
    const xs = vars(from.sorts);
    const joined = nonlinear && rnd() < 0.5 ? pick(preds) : undefined;
    const zs = joined ? vars(joined.sorts) : [];
    const ints = [...xs, ...zs].filter((x) => x.sort === 'Int');
    const bools = [...xs, ...zs].filter((x) => x.sort === 'Bool');
    const body: string[] = xs.filter(() => rnd() < 0.4).map(test);
    const extra: { name: string; sort: Sort }[] = [];
    const args = to.sorts.map((s, j) => {
      const same = xs[j]?.sort === s ? xs[j]! : undefined;
      const r = rnd();
      // a term in the head: the swap of positions, a copy, an increment
      if (r < 0.25 && s === 'Int' && ints.length) return pick([pick(ints).name, `(+ ${pick(ints).name} 1)`]);
      if (r < 0.35 && s === 'Bool' && bools.length) return pick(bools).name;
      const [y] = vars([s]);
      extra.push(y!);
      if (s === 'Bool') {
        const b = same ?? (bools.length ? pick(bools) : undefined);
        body.push(pick([`(= ${y!.name} ${b ? `(not ${b.name})` : 'true'})`, `(= ${y!.name} ${ints.length ? `(< ${pick(ints).name} ${int(0, 5)})` : 'false'})`, 'true']));
      } else {
        const base = same ?? (ints.length ? pick(ints) : undefined);
        const choice = bools.length ? `(ite ${pick(bools).name} ${base?.name ?? '0'} (+ ${base?.name ?? '0'} ${int(1, 2)}))` : `(+ ${base?.name ?? '0'} ${num(int(-1, 2))})`;
        body.push(pick([`(= ${y!.name} (+ ${base?.name ?? '0'} ${int(1, 2)}))`, `(= ${y!.name} ${base?.name ?? num(int(0, 3))})`, `(= ${y!.name} ${choice})`, `(<= 0 ${y!.name} ${int(1, 4)})`]));
      }
      return y!.name;
    });
    const atoms = [atom(from, xs.map((x) => x.name)), ...(joined ? [atom(joined, zs.map((z) => z.name))] : [])];
    clauses.push(clause([...xs, ...zs, ...extra], [...atoms, ...body], atom(to, args)));
  }
  // the query
  const q = pick(preds);
  const xs = vars(q.sorts);
  clauses.push(clause(xs, [atom(q, xs.map((x) => x.name)), ...xs.filter(() => rnd() < 0.7).map(test)], 'false'));

  const decls = preds.map((p) => `(declare-fun ${p.name} (${p.sorts.join(' ')}) Bool)`);
  return ['(set-logic HORN)', ...decls, ...clauses, '(check-sat)', '(exit)', ''].join('\n');
}
