/**
 * Writes a CFA back in the CFA language: one `main process` with every variable as a local, the
 * locations with their markers, and each edge with its statement block. Parsing the print gives
 * the same model. Names that the language cannot take (keywords, other characters, a name used
 * twice in the shared namespace of locations and variables) are renamed consistently.
 */
import { type Expr, type VarDecl, declareVar, leafVar, mapLeaves, prime, ref } from '../lang/expr.js';
import { printExpr, printType } from '../lang/print.js';
import type { Cfa, Stmt } from './cfa.js';

const KEYWORDS = new Set([
  'main', 'process', 'var', 'loc', 'init', 'final', 'error', 'bool', 'int', 'rat', 'bv', 'fp', 'if', 'then', 'else', 'iff',
  'imply', 'forall', 'exists', 'or', 'and', 'xor', 'not', 'mod', 'rem', 'true', 'false', 'default', 'havoc', 'assume',
  'return', 'bvadd', 'bvsub', 'bvmul', 'bvudiv', 'bvsdiv', 'bvsmod', 'bvurem', 'bvsrem', 'bvor', 'bvxor', 'bvand',
  'bvshl', 'bvashr', 'bvlshr', 'bvrol', 'bvror', 'bvult', 'bvule', 'bvugt', 'bvuge', 'bvslt', 'bvsle', 'bvsgt', 'bvsge',
  'bvpos', 'bvneg', 'bvnot', 'bv_zero_extend', 'bv_sign_extend', 'fpadd', 'fpsub', 'fpmul', 'fpdiv', 'fprem', 'fpmax',
  'fpmin', 'fpabs', 'fpisnan', 'fpneg', 'fppos', 'fpsqrt', 'fproundtoint', 'fptofp', 'fptobv', 'fpfrombv',
]);

/** The name itself if the language accepts it, else a close identifier that it does. */
function identifier(name: string): string {
  let id = name.replace(/[^A-Za-z0-9_]/g, '_');
  if (!/^[A-Za-z_]/.test(id)) id = `_${id}`;
  return KEYWORDS.has(id) ? `${id}_` : id;
}

/** Hands out identifiers, each at most once. */
class Names {
  private readonly taken = new Set<string>();

  claim(name: string): string {
    const base = identifier(name);
    let id = base;
    for (let i = 1; this.taken.has(id); i++) id = `${base}_${i}`;
    this.taken.add(id);
    return id;
  }
}

export function printCfa(cfa: Cfa): string {
  const names = new Names();
  const locName = new Map(cfa.locs.map((l) => [l, names.claim(l.name)]));
  const renamed = new Map<VarDecl, VarDecl>();
  for (const v of cfa.vars) {
    const id = names.claim(v.name);
    if (id !== v.name) renamed.set(v, declareVar(id, v.type));
  }
  const decl = (v: VarDecl) => renamed.get(v) ?? v;
  const expr = (e: Expr) => printExpr(renamed.size === 0 ? e : rename(e, renamed), 'cfa');
  const stmt = (s: Stmt): string => {
    switch (s.kind) {
      case 'assign': return `${decl(s.lhs).name} := ${expr(s.rhs)}`;
      case 'assume': return `assume ${expr(s.cond)}`;
      case 'havoc': return `havoc ${decl(s.v).name}`;
    }
  };

  const lines = [`main process ${identifier(cfa.name)} {`];
  for (const v of cfa.vars) lines.push(`    var ${decl(v).name} : ${printType(v.type)}`);
  if (cfa.vars.length > 0) lines.push('');
  for (const l of cfa.locs) {
    const marker = l === cfa.init ? 'init ' : l === cfa.final ? 'final ' : l === cfa.error ? 'error ' : '';
    lines.push(`    ${marker}loc ${locName.get(l)}`);
  }
  if (cfa.edges.length > 0) lines.push('');
  for (const e of cfa.edges) {
    const head = `    ${locName.get(e.source)} -> ${locName.get(e.target)}`;
    const stmts = e.stmts.map(stmt);
    if (stmts.length === 0) lines.push(head);
    else if (stmts.length === 1) lines.push(`${head} { ${stmts[0]} }`);
    else lines.push(`${head} {`, ...stmts.map((s) => `        ${s}`), '    }');
  }
  lines.push('}');
  return lines.join('\n') + '\n';
}

/** Replaces variables (primed or not) by their renamed versions. */
function rename(e: Expr, renamed: ReadonlyMap<VarDecl, VarDecl>): Expr {
  return mapLeaves(e, (leaf) => {
    const { decl, primes } = leafVar(leaf);
    const to = renamed.get(decl);
    if (!to) return undefined;
    let out = ref(to);
    for (let i = 0; i < primes; i++) out = prime(out);
    return out;
  });
}
