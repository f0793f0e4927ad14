/**
 * A word-level invariant as a BTOR2 file, the analogue of certifaiger's witness circuit: the model
 * as it was read, then the invariant's nodes and one more `bad` line, the invariant's negation. The
 * invariant holds initially, is kept by every step and excludes the property's bad states (its check
 * in certificates/ says so), so plain induction of depth 1 by any BTOR2 tool proves the new bad
 * property, and with it the original one, without trusting Vigil.
 *
 * The invariant is an expression over the word-level view's variables (words.ts); each becomes the
 * state or input node it stands for, and every operator the view produces has its BTOR2 operator.
 * Booleans are BTOR2's words of width 1.
 */
import type { Expr, VarDecl } from '../../../lang/expr.js';
import { bvType, type Type } from '../../../lang/types.js';

const BINARY: Partial<Record<string, string>> = {
  and: 'and', or: 'or', xor: 'xor', imply: 'implies', iff: 'iff', eq: 'eq', neq: 'neq', concat: 'concat', read: 'read',
  bvadd: 'add', bvsub: 'sub', bvmul: 'mul', bvudiv: 'udiv', bvsdiv: 'sdiv', bvsmod: 'smod', bvurem: 'urem', bvsrem: 'srem',
  bvand: 'and', bvor: 'or', bvxor: 'xor', bvshl: 'sll', bvashr: 'sra', bvlshr: 'srl', bvrol: 'rol', bvror: 'ror',
  bvult: 'ult', bvule: 'ulte', bvugt: 'ugt', bvuge: 'ugte', bvslt: 'slt', bvsle: 'slte', bvsgt: 'sgt', bvsge: 'sgte',
};

/** The model's text with the invariant's nodes and the bad property `¬invariant` appended. */
export function invariantFile(source: string, nodeOf: ReadonlyMap<VarDecl, number>, invariant: Expr, header: readonly string[]): string {
  const lines: string[] = [];
  let next = 1;
  for (const line of source.split('\n')) {
    const id = /^\s*(\d+)\b/.exec(line);
    if (id) next = Math.max(next, Number(id[1]) + 1);
  }
  const sorts = new Map<string, number>();
  const nodes = new Map<Expr, number>();
  const add = (text: string): number => {
    lines.push(`${next} ${text}`);
    return next++;
  };
  const sort = (t: Type): number => {
    const text = t.kind === 'bool' ? 'bitvec 1' : t.kind === 'bv' ? `bitvec ${t.width}` : t.kind === 'array' ? `array ${sort(t.index)} ${sort(t.elem)}` : undefined;
    if (text === undefined) throw new Error(`a ${t.key} has no BTOR2 sort`);
    let id = sorts.get(text);
    if (id === undefined) sorts.set(text, (id = add(`sort ${text}`)));
    return id;
  };
  const node = (e: Expr): number => {
    const known = nodes.get(e);
    if (known !== undefined) return known;
    const a = e.args.map(node);
    const s = sort(e.type);
    let id: number;
    switch (e.op) {
      case 'var': {
        const at = nodeOf.get(e.decl!);
        if (at === undefined) throw new Error(`the invariant mentions ${e.decl!.name}, which is no state or input of the model`);
        id = at;
        break;
      }
      case 'lit': {
        const width = e.type.kind === 'bv' ? e.type.width : 1;
        const value = typeof e.value === 'boolean' ? (e.value ? 1n : 0n) : (e.value as bigint);
        id = add(`const ${s} ${value.toString(2).padStart(width, '0')}`);
        break;
      }
      case 'not': case 'bvnot': id = add(`not ${s} ${a[0]}`); break;
      case 'bvneg': id = add(`neg ${s} ${a[0]}`); break;
      case 'ite': id = add(`ite ${s} ${a[0]} ${a[1]} ${a[2]}`); break;
      case 'write': id = add(`write ${s} ${a[0]} ${a[1]} ${a[2]}`); break;
      case 'extract': id = add(`slice ${s} ${a[0]} ${Number(e.params![0]) - 1} ${e.params![1]}`); break;
      case 'zext': case 'sext': {
        const from = e.args[0]!.type;
        id = add(`${e.op === 'zext' ? 'uext' : 'sext'} ${s} ${a[0]} ${Number(e.params![0]) - (from.kind === 'bv' ? from.width : 1)}`);
        break;
      }
      default: {
        const op = BINARY[e.op];
        if (op === undefined || a.length < 2) throw new Error(`the invariant's operator ${e.op} has no BTOR2 form here`);
        // n-ary and, or, concat: folded from the left (concat's first argument is the most significant)
        id = a.slice(1).reduce((acc, x, k) => (k === a.length - 2 ? add(`${op} ${s} ${acc} ${x}`) : add(`${op} ${sort(partial(e, k + 2))} ${acc} ${x}`)), a[0]!);
      }
    }
    nodes.set(e, id);
    return id;
  };
  const inv = node(invariant);
  const bad = add(`not ${sort(invariant.type)} ${inv}`);
  add(`bad ${bad} vigil-invariant-negated`);
  const body = source.endsWith('\n') ? source : `${source}\n`;
  return `${header.map((h) => `; ${h}`).join('\n')}\n${body}${lines.join('\n')}\n`;
}

/** The type of the first `n` arguments of an n-ary operator folded from the left. */
function partial(e: Expr, n: number): Type {
  if (e.op !== 'concat') return e.type;
  return bvType(e.args.slice(0, n).reduce((w, x) => w + (x.type.kind === 'bv' ? x.type.width : 1), 0));
}
