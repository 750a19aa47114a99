import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkServerBoundaries } from './boundaries.js';

const root = mkdtempSync(join(tmpdir(), 'server-boundaries-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function put(path: string, text: string) {
  const p = join(root, path);
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, text);
}

put('functions/lib/db.ts', 'export const db = 1;');
put('functions/customers/entity.ts', 'export const getCustomer = 1;');
put('functions/customers/search-index.ts', 'export const SEARCH = 1;');
put('functions/settings/tax.ts', 'export const rate = 1;');
put('functions/settings/internal.ts', 'export const secret = 1;');
put(
  'functions/reservations/ok.ts',
  [
    "import { db } from '../lib/db.js';",
    "import { getCustomer } from '../customers/entity.js';",
    "import { rate } from '../settings/tax.js';",
    "import { x } from './local.js';",
  ].join('\n'),
);
put(
  'functions/reservations/bad.ts',
  [
    "import { SEARCH } from '../customers/search-index.js';",
    'import {',
    '  secret,',
    "} from '../settings/internal.js';",
    "const later = () => import('../customers/search-index.js');",
  ].join('\n'),
);
put('functions/reservations/bad.test.ts', "import { SEARCH } from '../customers/search-index.js';");
put('functions/local/seed.ts', "import { SEARCH } from '../customers/search-index.js';");

describe('server import boundaries', () => {
  it("reports an area reaching into another area's private module, statically or with import(), with its line", () => {
    const found = checkServerBoundaries(root).map((v) => `${v.file}:${v.line} ${v.rule}`);
    expect(found.sort()).toEqual([
      'functions/reservations/bad.ts:1 area-public-module',
      'functions/reservations/bad.ts:2 area-public-module',
      'functions/reservations/bad.ts:5 area-public-module',
    ]);
  });

  it('the tree as it stands keeps the rule', () => {
    expect(checkServerBoundaries(join(import.meta.dirname, '..', '..'))).toEqual([]);
  });
});
