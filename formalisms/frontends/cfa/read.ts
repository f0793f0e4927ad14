/**
 * The CFA front end (formats.md 2): lexes and parses a `.cfa` or PLCverif `.theta` file and builds
 * the `Cfa` of its main process. Names in a process body are resolved once the whole body has been
 * read, so edges may mention locations declared further down; locations and local variables share a
 * namespace, and locals shadow globals. Edges keep their whole statement lists (no expansion into
 * chains). Every problem is an `InputError` at the offending token.
 */
import type { IToken } from 'chevrotain';
import { InputError, positionOf } from '../../../lang/errors.js';
import { type VarDecl, declareVar } from '../../../lang/expr.js';
import { BoolT } from '../../../lang/types.js';
import type { Cfa, Edge, Loc, Stmt } from '../../cfa.js';
import { UnterminatedComment, cfaLexer } from './lexer.js';
import { cfaParser } from './parser.js';
import type { FileSyntax, ProcessSyntax, StmtSyntax, VarSyntax } from './syntax.js';
import { ExprBuilder, type Meaning } from './exprs.js';
import { errorAt, lexingError, parsingError } from '../../../lang/grammar/syntax-errors.js';

export function parseCfa(text: string, file: string): Cfa {
  return buildCfa(readSyntax(text, file), text, file);
}

function endOfFile(file: string, text: string, reason: string): InputError {
  const { line, column } = positionOf(text, text.length);
  return new InputError(file, line, column, reason, text);
}

function readSyntax(text: string, file: string): FileSyntax {
  const lexed = cfaLexer.tokenize(text);
  if (lexed.errors.length > 0) throw lexingError(file, text, lexed.errors[0]!);
  const open = lexed.tokens.find((t) => t.tokenType === UnterminatedComment);
  if (open) throw errorAt(file, text, open, 'unterminated comment: /* without */');
  if (lexed.tokens.length === 0) throw endOfFile(file, text, 'empty file: expected a main process');
  const parser = cfaParser();
  parser.input = lexed.tokens;
  const syntax = parser.file();
  if (parser.errors.length > 0) throw parsingError(file, text, parser.errors[0]!);
  return syntax;
}

function buildCfa(syntax: FileSyntax, text: string, file: string): Cfa {
  const fail = (tok: IToken, reason: string) => errorAt(file, text, tok, reason);

  const declare = (v: VarSyntax, scope: Map<string, Meaning>, types: ExprBuilder): VarDecl => {
    if (scope.has(v.name.image)) throw fail(v.name, `'${v.name.image}' is already declared`);
    const decl = declareVar(v.name.image, types.type(v.type));
    scope.set(v.name.image, { kind: 'var', decl });
    return decl;
  };

  const globalScope = new Map<string, Meaning>();
  const globalTypes = new ExprBuilder(file, text, (name) => globalScope.get(name));
  const globals = syntax.globals.map((v) => declare(v, globalScope, globalTypes));

  const mains = syntax.processes.filter((p) => p.main);
  if (mains.length > 1) throw fail(mains[1]!.main!, 'a second main process: exactly one process must be marked main');
  const main = mains[0];
  if (!main) {
    const first = syntax.processes[0];
    if (first) throw fail(first.tok, "no process is marked 'main'");
    throw endOfFile(file, text, 'expected a main process but the file has none');
  }
  return buildMain(main, globals, globalScope, fail, declare, text, file);
}

function buildMain(
  p: ProcessSyntax,
  globals: VarDecl[],
  globalScope: ReadonlyMap<string, Meaning>,
  fail: (tok: IToken, reason: string) => InputError,
  declare: (v: VarSyntax, scope: Map<string, Meaning>, types: ExprBuilder) => VarDecl,
  text: string,
  file: string,
): Cfa {
  const scope = new Map<string, Meaning>();
  const exprs = new ExprBuilder(file, text, (name) => scope.get(name) ?? globalScope.get(name));
  const locals: VarDecl[] = [];
  const locs: Loc[] = [];
  const locByName = new Map<string, Loc>();
  const marked: Partial<Record<'init' | 'final' | 'error', Loc>> = {};

  // declarations first, so that edges may refer to anything in the body
  for (const item of p.body) {
    if (item.k === 'var') locals.push(declare(item.v, scope, exprs));
    if (item.k === 'loc') {
      const { name, marker } = item.loc;
      if (scope.has(name.image)) throw fail(name, `'${name.image}' is already declared`);
      const loc: Loc = { id: locs.length, name: name.image };
      locs.push(loc);
      locByName.set(name.image, loc);
      scope.set(name.image, { kind: 'loc' });
      if (marker) {
        const kind = marker.image as 'init' | 'final' | 'error';
        if (marked[kind]) throw fail(marker, `a second ${kind} location: '${marked[kind].name}' is already the ${kind} location`);
        marked[kind] = loc;
      }
    }
  }
  if (!marked.init) throw fail(p.name, `process '${p.name.image}' has no init location`);

  const location = (tok: IToken): Loc => {
    const loc = locByName.get(tok.image);
    if (loc) return loc;
    if (scope.has(tok.image) || globalScope.has(tok.image)) throw fail(tok, `'${tok.image}' is a variable, not a location`);
    throw fail(tok, `unknown location '${tok.image}'`);
  };
  const variable = (tok: IToken, what: string): VarDecl => {
    const meaning = scope.get(tok.image) ?? globalScope.get(tok.image);
    if (!meaning) throw fail(tok, `unknown identifier '${tok.image}'`);
    if (meaning.kind === 'loc') throw fail(tok, `cannot ${what} location '${tok.image}'`);
    return meaning.decl;
  };
  const statement = (s: StmtSyntax): Stmt => {
    switch (s.k) {
      case 'assign': {
        const lhs = variable(s.lhs, 'assign to');
        const rhs = exprs.expr(s.rhs);
        if (rhs.type !== lhs.type) throw fail(s.rhs.tok, `cannot assign a value of type ${rhs.type.key} to '${lhs.name}' of type ${lhs.type.key}`);
        return { kind: 'assign', lhs, rhs };
      }
      case 'assume': {
        const cond = exprs.expr(s.cond);
        if (cond.type !== BoolT) throw fail(s.cond.tok, `an assumption must be bool, but this is ${cond.type.key}`);
        return { kind: 'assume', cond };
      }
      case 'havoc': return { kind: 'havoc', v: variable(s.name, 'havoc') };
      case 'return': throw fail(s.tok, 'return statements are not supported');
    }
  };

  const edges: Edge[] = [];
  for (const item of p.body) {
    if (item.k !== 'edge') continue;
    const { source, target, stmts, end } = item.edge;
    const lines = { first: source.startLine!, last: end.endLine! };
    edges.push({ id: edges.length, source: location(source), target: location(target), stmts: stmts.map(statement), lines });
  }
  return {
    name: p.name.image,
    declaredAt: positionOf(text, p.name.startOffset),
    vars: [...globals, ...locals],
    locs,
    edges,
    init: marked.init,
    ...(marked.final ? { final: marked.final } : {}),
    ...(marked.error ? { error: marked.error } : {}),
  };
}
