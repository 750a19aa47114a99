import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE } from '../../../shared/contract/route-table.js';

/** Idempotent routes the SPA never calls, and why (the check below fails once one gets a caller). */
const NO_BROWSER_CALLER: Record<string, string> = {
  'uploads.uploadServicePhoto': 'the SPA uploads service photos with a presigned POST (uploads.presignServicePhoto)',
};

const SRC = join(process.cwd(), 'web', 'src');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(n) && !/\.test\.tsx?$/.test(n) ? [p] : [];
  });

/** The text of every `api('id', …)` / `api<T>('id', …)` call: from `api` to its closing parenthesis. */
function apiCalls(text: string): { id: string; call: string }[] {
  const found: { id: string; call: string }[] = [];
  const re = /\bapi(?:<[^()]*?>)?\(\s*'([\w.]+)'/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    let depth = 0;
    let end = m.index + m[0].indexOf('(');
    for (; end < text.length; end++) {
      if (text[end] === '(') depth++;
      else if (text[end] === ')' && --depth === 0) break;
    }
    found.push({ id: m[1]!, call: text.slice(m.index, end + 1) });
  }
  return found;
}

describe('double submits (docs/decisions/0004-idempotent-submissions.md)', () => {
  const calls = files(SRC).flatMap((f) => apiCalls(readFileSync(f, 'utf8')));
  const idempotent = Object.entries(ROUTE_TABLE)
    .filter(([, r]) => r.idempotent)
    .map(([id]) => id);

  it('finds the idempotent routes of the contract', () => {
    expect(idempotent.length).toBeGreaterThan(15);
  });

  it('every idempotent route has a caller, and every call of one passes the submission key', () => {
    const problems: string[] = [];
    for (const id of idempotent) {
      const mine = calls.filter((c) => c.id === id);
      if (NO_BROWSER_CALLER[id]) {
        if (mine.length) problems.push(`${id} is called now: remove it from NO_BROWSER_CALLER`);
        continue;
      }
      if (!mine.length) problems.push(`${id} has no caller in web/src`);
      for (const c of mine)
        if (!/\bidempotencyKey\b/.test(c.call))
          problems.push(`${id} called without idempotencyKey: ${c.call.slice(0, 120)}`);
    }
    expect(problems).toEqual([]);
  });
});
