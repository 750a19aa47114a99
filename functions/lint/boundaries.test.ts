import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkAreaRanks, checkFileCycles, checkServerBoundaries } from './boundaries.js';

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
    const found = checkServerBoundaries(root, { exceptions: {} }).map((v) => `${v.file}:${v.line} ${v.rule}`);
    expect(found.sort()).toEqual([
      'functions/reservations/bad.ts:1 area-public-module',
      'functions/reservations/bad.ts:2 area-public-module',
      'functions/reservations/bad.ts:5 area-public-module',
    ]);
  });

  it('the tree as it stands keeps the rules, ranks included, with no stale exception', () => {
    expect(checkServerBoundaries(join(import.meta.dirname, '..', '..'))).toEqual([]);
  });
});

describe('area ranks', () => {
  const ranked = mkdtempSync(join(tmpdir(), 'area-ranks-'));
  afterAll(() => rmSync(ranked, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    const p = join(ranked, path);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, text);
  };
  const ranks = [['lib'], ['auth', 'uploads'], ['services'], ['reservations']];
  write('functions/lib/db.ts', 'export const db = 1;');
  write('functions/auth/entity.ts', "import { db } from '../lib/db.js';");
  write('functions/uploads/photos.ts', 'export const photo = 1;');
  write('functions/services/model.ts', "import { db } from '../lib/db.js';\nimport { a } from '../auth/entity.js';");
  write(
    'functions/reservations/entity.ts',
    "import { s } from '../services/model.js';\nimport { a } from '../auth/entity.js';",
  );
  write('functions/local/start.ts', "import { r } from '../reservations/entity.js';");
  write('functions/handlers.ts', "export * from './reservations/entity.js';");
  // Tests and test support may reach anywhere.
  write('functions/lib/db.test.ts', "import { r } from '../reservations/entity.js';");
  write('functions/services/isolation-fixtures.ts', "import { r } from '../reservations/entity.js';");
  const check = (exceptions: Record<string, string> = {}) =>
    checkAreaRanks(ranked, { ranks, exceptions }).map((v) => `${v.rule} ${v.file}:${v.line}`);

  it('passes a tree whose imports go down only', () => {
    expect(check()).toEqual([]);
  });

  it('fails on a new upward import, static or import(), lib included, with its line', () => {
    write('functions/services/up.ts', "export const x = 1;\nconst later = () => import('../reservations/entity.js');");
    write('functions/lib/mail.ts', "import { s } from '../services/model.js';");
    try {
      expect(check().sort()).toEqual(['area-rank functions/lib/mail.ts:1', 'area-rank functions/services/up.ts:2']);
    } finally {
      rmSync(join(ranked, 'functions/services/up.ts'));
      rmSync(join(ranked, 'functions/lib/mail.ts'));
    }
  });

  it('fails on an import between two areas of one rank, and on an import of the local runtime', () => {
    write('functions/auth/picture.ts', "import { photo } from '../uploads/photos.js';");
    write('functions/services/seed.ts', "import { start } from '../local/start.js';");
    try {
      expect(check().sort()).toEqual([
        'area-rank functions/auth/picture.ts:1',
        'area-rank functions/services/seed.ts:1',
      ]);
    } finally {
      rmSync(join(ranked, 'functions/auth/picture.ts'));
      rmSync(join(ranked, 'functions/services/seed.ts'));
    }
  });

  it('fails on an area without a rank', () => {
    write('functions/gifts/entity.ts', "import { db } from '../lib/db.js';");
    try {
      expect(check()).toEqual(['area-rank functions/gifts/entity.ts:1']);
    } finally {
      rmSync(join(ranked, 'functions/gifts'), { recursive: true });
    }
  });

  it('lets a listed edge pass and fails on a listed edge that no longer exists', () => {
    write('functions/services/up.ts', "import { r } from '../reservations/entity.js';");
    try {
      const listed = { 'functions/services/up.ts -> functions/reservations/entity.ts': 'not yet moved' };
      expect(check(listed)).toEqual([]);
      expect(check({ ...listed, 'functions/auth/entity.ts -> functions/services/model.ts': 'gone' })).toEqual([
        'stale-rank-exception functions/lint/rank-exceptions.ts:1',
      ]);
    } finally {
      rmSync(join(ranked, 'functions/services/up.ts'));
    }
    expect(check({ 'functions/services/up.ts -> functions/reservations/entity.ts': 'not yet moved' })).toEqual([
      'stale-rank-exception functions/lint/rank-exceptions.ts:1',
    ]);
  });
});

describe('file cycles', () => {
  const tree = mkdtempSync(join(tmpdir(), 'file-cycles-'));
  afterAll(() => rmSync(tree, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    const p = join(tree, path);
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, text);
  };
  write('functions/services/a.ts', "import { b } from './b.js';");
  write('functions/services/b.ts', "export const b = 1;\nconst later = () => import('./c.js');");
  write('functions/services/c.ts', "import type { A } from './a.js';");
  write('functions/services/a.test.ts', "import { c } from './c.js';");
  write('web/src/x.tsx', "import { y } from './y.js';");
  write('web/src/y.ts', 'export const y = 1;');
  write('web/src/y.test.ts', "import { x } from './x.js';");
  write('web/src/components/p.tsx', "export { q } from './q.js';");
  write('web/src/components/q.ts', "import { p } from './p.js';");

  it('fails on files that import each other in a circle (import() and type imports count, tests do not)', () => {
    expect(checkFileCycles(tree).map((v) => `${v.rule} ${v.file}`)).toEqual([
      'file-cycle functions/services/a.ts',
      'file-cycle web/src/components/p.tsx',
    ]);
    expect(checkFileCycles(tree)[0]!.message).toContain('functions/services/c.ts');
  });
});
