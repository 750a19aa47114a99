import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkDecisionRecords } from './decision-records.js';

const root = mkdtempSync(join(tmpdir(), 'decision-records-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function put(path: string, lines: string[]) {
  const at = join(root, path);
  mkdirSync(dirname(at), { recursive: true });
  writeFileSync(at, lines.join('\n'));
}

function record(file: string, header: string[], body = 'Why.') {
  put(`docs/decisions/${file}`, ['# A title', '', ...header, '', body]);
}

// A tree that is right except for the faults each test names.
record('0001-first.md', [
  '- Number: 0001',
  '- Date: 2026-11-25',
  '- Status: superseded by [0002](0002-second.md) (the second replaced it)',
]);
record('0002-second.md', [
  '- Number: 0002',
  '- Date: 2026-11-26',
  '- Status: accepted',
  '- Supersedes: [0001](0001-first.md)',
]);
record('0003-folded.md', [
  '- Number: 0003',
  '- Date: 2026-11-27',
  '- Status: folded into docs/requirements/booking.md',
]);
put('docs/requirements/booking.md', ['# Booking', 'Why: docs/decisions/0002-second.md']);
put('docs/decisions/README.md', [
  '# Decisions',
  '## One',
  '- [0001 First](0001-first.md) (superseded)',
  '- [0002 Second](0002-second.md)',
  '- [0003 Folded](0003-folded.md) (folded into [booking.md](../requirements/booking.md))',
]);
put('functions/a/ok.ts', ['// docs/decisions/0002-second.md and (0003-folded.md), docs/decisions/README.md#one']);
put('README.md', ['See docs/decisions/0001-first.md.']);

describe('decision records', () => {
  it('a well-formed tree has no problems', () => {
    expect(checkDecisionRecords(root)).toEqual([]);
  });

  it('reports a mention of a record that does not exist, in code, docs and the root README', () => {
    put('web/src/b.tsx', ['// docs/decisions/second.md: a record cited by its slug name from before the numbers']);
    put('docs/api.md', ['[the rule](decisions/0009-missing.md)']);
    put('infra/c.ts', ['// (0004-renamed.md)']);
    put('functions/node_modules/x/d.ts', ['// docs/decisions/0404-not-checked.md']);
    const found = checkDecisionRecords(root).map((problem) => `${problem.file} ${problem.problem}`);
    expect(found.sort()).toEqual([
      'docs/api.md:1 mentions decision record 0009-missing.md, which does not exist',
      'infra/c.ts:1 mentions decision record 0004-renamed.md, which does not exist',
      'web/src/b.tsx:1 mentions decision record second.md, which does not exist (now 0002-second.md)',
    ]);
    rmSync(join(root, 'web'), { recursive: true });
    rmSync(join(root, 'docs/api.md'));
    rmSync(join(root, 'infra'), { recursive: true });
  });

  it('reports names, numbers, headers, status links and the index', () => {
    record('new-slug.md', ['- Number: 0004', '- Date: 2026-12-02', '- Status: accepted']);
    record('0005-wrong-number.md', ['- Number: 0006', '- Date: 2026-13-45', '- Status: maybe']);
    record('0002-twin.md', ['- Number: 0002', '- Date: 2026-12-02', '- Status: superseded by [0007](0007-gone.md)']);
    record('0008-no-back-link.md', [
      '- Number: 0008',
      '- Date: 2026-12-02',
      '- Status: superseded by [0003](0003-folded.md)',
    ]);
    record('0009-folded-nowhere.md', [
      '- Number: 0009',
      '- Date: 2026-12-02',
      '- Status: folded into docs/requirements/nowhere.md',
    ]);
    const found = checkDecisionRecords(root).map((problem) => `${problem.file} ${problem.problem}`);
    expect(found).toEqual(
      expect.arrayContaining([
        'docs/decisions/new-slug.md not named NNNN-slug.md (a new record takes the next free number, 0010)',
        'docs/decisions/0005-wrong-number.md "- Number: 0005" missing or different (0006)',
        'docs/decisions/0005-wrong-number.md "- Date: YYYY-MM-DD" missing or invalid (2026-13-45)',
        expect.stringMatching(/^docs\/decisions\/0005-wrong-number.md "- Status:" is not accepted/),
        expect.stringMatching(/^docs\/decisions\/0002-(second|twin).md number 0002 is also 0002-/),
        'docs/decisions/0002-twin.md links 0007-gone.md, which does not exist',
        'docs/decisions/0003-folded.md supersedes 0008-no-back-link.md but its Supersedes line does not say so',
        'docs/decisions/0009-folded-nowhere.md folded into docs/requirements/nowhere.md, which does not exist',
        'docs/decisions/README.md lists 0005-wrong-number.md 0 times, not once',
      ]),
    );
  });

  it('the tree as it stands: every record numbered, headed, linked and listed once, every mention resolves', () => {
    expect(checkDecisionRecords(join(import.meta.dirname, '..', '..'))).toEqual([]);
  });
});
