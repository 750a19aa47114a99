import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkWords } from './words.js';

const root = mkdtempSync(join(tmpdir(), 'words-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function put(path: string, lines: string[]) {
  const p = join(root, path);
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, lines.join('\n'));
}

// The tracker's word and the one-letter names are put together here so that this file itself passes the
// check it tests.
const tracker = ['Iss', 'ue'].join('');

put('functions/a/ok.ts', [
  '// R-SET-7: reminders (docs/decisions/0232-reminder-sweep.md).',
  'export const table = () => tableName();',
  'export function route<const R extends object>(r: R): R {',
  "const itemNumber = 'E-1';",
]);
put('functions/a/bad.ts', [`// ${tracker} 37: the weekly total.`, 'export const ' + 'T = () => tableName();']);
put('shared/b.test.ts', [`describe('waitlist (${tracker.toLowerCase()} 26)', () => {});`]);
put('web/src/c.tsx', ['  const ' + 'W = 600;', `// see ${tracker.toLowerCase()}s 24 and 25`]);
put('web/e2e/d.e2e.test.ts', [`/** ${tracker.toLowerCase()} #34 */`]);
put('infra/e.ts', ['import * as ' + "E from './e.js';", 'function ' + 'F() {}', 'let ' + 'Z = 1;']);
put('functions/node_modules/x/f.ts', [`// ${tracker} 1`]);
put('docs/g.ts', [`// ${tracker} 1`]);

describe('words in code', () => {
  it('reports "issue N" and one-letter value names with their line, under the checked folders only', () => {
    const found = checkWords(root).map((v) => `${v.file}:${v.line} ${v.rule}`);
    expect(found.sort()).toEqual([
      'functions/a/bad.ts:1 issue-number',
      'functions/a/bad.ts:2 one-letter-name',
      'infra/e.ts:1 one-letter-name',
      'infra/e.ts:2 one-letter-name',
      'infra/e.ts:3 one-letter-name',
      'shared/b.test.ts:1 issue-number',
      'web/e2e/d.e2e.test.ts:1 issue-number',
      'web/src/c.tsx:1 one-letter-name',
      'web/src/c.tsx:2 issue-number',
    ]);
  });

  it('the tree as it stands cites rules, not issues, and names its values', () => {
    expect(checkWords(join(import.meta.dirname, '..', '..'))).toEqual([]);
  });
});
