/**
 * Malformed inputs through the real `vigil` binary: each must exit 2 with `file:line:col: reason`,
 * the offending line and a caret under the column, and no stack trace.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { vigil, vigilIntoClosedPipe } from '../support/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'vigil-bad-'));

/** [file name, content, line, column, part of the reason] */
const CASES: [string, string | Buffer, number, number, string][] = [
  // CFA
  ['empty.cfa', '', 1, 1, 'empty file'],
  ['truncated.cfa', 'main process p {\n  var x : int\n  init loc L0\n  loc L1\n  L0 -> L1 { x := 1\n', 6, 1, 'end of file'],
  ['unknown-id.cfa', 'main process p {\n  var x : int\n  init loc L0\n  error loc E\n  L0 -> E { assume y > 0 }\n}\n', 5, 20, "unknown identifier 'y'"],
  ['type-error.cfa', 'main process p {\n  var x : int\n  init loc L0\n  error loc E\n  L0 -> E { assume x + 1 }\n}\n', 5, 20, 'must be bool'],
  ['dup-var.cfa', 'main process p {\n  var x : int\n  var x : bool\n  init loc L0\n}\n', 3, 7, 'already declared'],
  ['two-main.cfa', 'main process p {\n  init loc L0\n}\nmain process q {\n  init loc L0\n}\n', 4, 1, 'main process'],
  ['assign-type.cfa', 'main process p {\n  var x : int\n  init loc L0\n  loc L1\n  L0 -> L1 { x := true }\n}\n', 5, 19, 'cannot assign'],
  ['unknown-loc.cfa', 'main process p {\n  init loc L0\n  L0 -> L9\n}\n', 3, 9, "unknown location 'L9'"],
  ['bad-char.cfa', 'main process p {\n  var x : int # comment\n  init loc L0\n}\n', 2, 15, 'unexpected character'],
  ['not-not.cfa', 'main process p {\n  var p : bool\n  init loc L0\n  L0 -> L0 { assume not not p }\n}\n', 4, 25, 'not does not stack'],
  ['bv-wide.cfa', "main process p {\n  var b : bv[4]\n  init loc L0\n  L0 -> L0 { b := 4'b10101 }\n}\n", 4, 19, 'more than its width'],
  ['no-init.cfa', 'main process p {\n  var x : int\n  loc L0\n}\n', 1, 14, 'no init location'],
  ['garbage.cfa', Buffer.from([0, 1, 0xff, 0xfe, 0x47, 0x41, 0x52, 0]), 1, 1, 'unexpected character'],
  ['return.theta', 'main process p {\n  init loc L0\n  error loc E\n  L0 -> E { return 1 }\n}\n', 4, 13, 'not supported'],
  ['truncated.lisp.cfa', '(process (var x Int)\n  (init L0)\n  (edge L0 L1 (assign x 0))\n', 4, 1, "expected ')'"],
  // STS
  ['empty.system', '', 1, 1, 'empty file'],
  ['truncated.system', 'specification S {\n  property p : {\n    var x : int\n    initial x = 0\n', 5, 1, 'end of file'],
  ['unknown-id.system', 'specification S {\n  property p : {\n    var x : int\n    initial y = 0\n  } models G(x >= 0)\n}\n', 4, 13, "unknown identifier 'y'"],
  ['type-error.system', 'specification S {\n  property p : {\n    var x : int\n    invariant x + 1\n  } models G(x >= 0)\n}\n', 4, 15, 'must be Boolean'],
  ['dup-var.system', 'specification S {\n  property p : {\n    var x : int\n    var x : int\n  } models G(x >= 0)\n}\n', 4, 9, 'duplicate declaration'],
  ['dup-props.system', 'specification S {\n  property p : {\n    var x : int\n  } models G(x >= 0)\n  property p : {\n    var y : int\n  } models G(y >= 0)\n}\n', 5, 12, 'duplicate declaration'],
  ['prime-prop.system', "specification S {\n  property p : {\n    var x : int\n  } models G(x' >= 0)\n}\n", 4, 15, 'next state'],
  ['no-models.system', 'specification S {\n  property p : {\n    var x : int\n  } G(x >= 0)\n}\n', 4, 5, "expected 'models'"],
  ['truncated.lisp.sts', '(system (var x Int)\n  (init (= x 0)\n', 3, 1, "expected ')'"],
  // AIGER
  ['empty.aag', '', 1, 1, 'empty file'],
  ['header.aag', 'aag 1 2\n', 1, 8, 'at least 5 numbers'],
  ['few-lines.aag', 'aag 3 2 0 1 0\n2\n', 3, 1, 'end of file'],
  ['lit-range.aag', 'aag 1 1 0 1 0\n2\n9\n', 3, 1, 'out of range'],
  ['odd-input.aag', 'aag 1 1 0 1 0\n3\n3\n', 2, 1, 'must be even'],
  ['defined-twice.aag', 'aag 2 1 1 1 0\n2\n2 0\n2\n', 3, 1, 'defined twice'],
  ['cycle.aag', 'aag 3 1 0 1 2\n2\n4\n4 2 6\n6 2 4\n', 4, 1, 'cycle'],
  ['undefined.aag', 'aag 3 1 0 1 1\n2\n6\n6 2 4\n', 4, 5, 'not defined'],
  ['garbage.aag', Buffer.from('aag 1 1 0 1 0\n2\n2\n\x00\xff\x10', 'latin1'), 4, 1, 'unexpected byte'],
  ['justice.aag', 'aag 1 1 0 0 0 0 0 1\n2\n1\n2\n', 1, 19, 'liveness properties'],
  ['m-mismatch.aig', Buffer.from('aig 5 1 1 1 1\n4\n6\n\x02\x02', 'latin1'), 1, 5, 'M = I + L + A'],
];

function checkReport(file: string, stderr: string, line: number, col: number, reason: string): void {
  const [head, quoted, caret] = stderr.trimEnd().split('\n');
  expect(head).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:${line}:${col}: .+`));
  expect(head).toContain(reason);
  expect(quoted).toMatch(/^ {4}/);
  expect(caret).toBe(`${' '.repeat(4 + col - 1)}^`);
  expect(stderr).not.toMatch(/\n\s+at /);
}

describe('malformed inputs give exit 2 and file:line:col with a caret', () => {
  it('has at least 30 cases', () => expect(CASES.length).toBeGreaterThanOrEqual(30));

  for (const [name, content, line, col, reason] of CASES) {
    it(name, () => {
      const file = join(dir, name);
      writeFileSync(file, content);
      const r = vigil(['parse', file]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      checkReport(file, r.stderr, line, col, reason);
    });
  }

  it('check reports bad input the same way', () => {
    const file = join(dir, 'check-bad.cfa');
    writeFileSync(file, 'main process p {\n  init loc L0\n  L0 -> L9\n}\n');
    const r = vigil(['check', file, '--algorithm', 'bmc']);
    expect(r.code).toBe(2);
    checkReport(file, r.stderr, 3, 9, "unknown location 'L9'");
  });

  it('a truncated binary gate section names the byte offset, exit 2', () => {
    const file = join(dir, 'truncated.aig');
    writeFileSync(file, Buffer.from('aig 3 1 1 1 1\n4\n6\n\x80', 'latin1'));
    const r = vigil(['parse', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^${file}:4:1: truncated binary AND gate section.*byte offset`));
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('parse stops at the first bad file', () => {
    const good = join(dir, 'good.aag');
    const bad = join(dir, 'bad.aag');
    writeFileSync(good, 'aag 1 1 0 1 0\n2\n2\n');
    writeFileSync(bad, 'aag 1 1 0 1 0\n3\n3\n');
    const r = vigil(['parse', good, bad, good]);
    expect(r.code).toBe(2);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
  });
});

describe('usage errors', () => {
  it('unknown options and bad values exit 2 with a one-line message', () => {
    for (const args of [['check', 'models/counter.cfa', '--algorithm', 'magic'], ['check', 'models/counter.cfa', '--bound', 'x'], ['frobnicate'], ['parse', 'no/such/file.cfa'], ['parse', 'README.md']]) {
      const r = vigil(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim(), args.join(' ')).not.toBe('');
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('a reader that closes the pipe early ends the command quietly', async () => {
    for (const args of [['check', '--help'], ['check', 'models/ring.aag', '--quiet']]) {
      const r = await vigilIntoClosedPipe(args);
      expect(r.code, args.join(' ')).toBe(0);
      expect(r.stderr, args.join(' ')).not.toMatch(/EPIPE|\n\s+at /);
    }
  });

  it('prints the version', () => {
    const r = vigil(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
