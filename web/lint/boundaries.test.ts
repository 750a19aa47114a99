import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkBoundaries } from './boundaries.js';

const root = mkdtempSync(join(tmpdir(), 'boundaries-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function put(path: string, text: string) {
  const p = join(root, path);
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, text);
}

put('functions/lib/db.ts', 'export const db = 1;');
put('web/src/api/client.ts', "export const get = () => fetch('/api/x');");
put('web/src/features/b/index.ts', "export { Widget } from './Widget.js';");
put('web/src/features/b/Widget.tsx', 'export const Widget = 1;');
put('web/src/features/b/api/index.ts', 'export const useB = 1;');
put('web/src/features/a/Good.tsx', ["import { Widget } from '../b/index.js';", "import { useB } from '../b/api/index.js';", "import { x } from './local.js';", "const Page = () => import('../b/Widget.js');"].join('\n'));
put('web/src/features/a/Bad.tsx', ["import { Widget } from '../b/Widget.js';", "import {", '  db,', "} from '../../../../functions/lib/db.js';", "export const load = () => fetch('/api/y');", 'export const ok = api.fetch(1);'].join('\n'));
put('web/src/features/a/Bad.test.tsx', "globalThis.fetch = vi.fn(); await fetch('/x');");

describe('import boundaries', () => {
  it('reports a deep feature import, a functions import and a raw fetch, with their lines', () => {
    const found = checkBoundaries(root).map((v) => `${v.file}:${v.line} ${v.rule}`);
    expect(found.sort()).toEqual([
      'web/src/features/a/Bad.tsx:1 feature-public-entry',
      'web/src/features/a/Bad.tsx:2 no-functions-import',
      'web/src/features/a/Bad.tsx:5 no-raw-fetch',
    ]);
  });

  it('Biome refuses console.log (the lint configuration of this repository)', () => {
    const biome = join(process.cwd(), 'node_modules', '.bin', 'biome');
    let output = '';
    let failed = false;
    try {
      // The repository's own configuration, applied to a file of a copy of the SPA's layout.
      copyFileSync(join(process.cwd(), 'biome.json'), join(root, 'biome.json'));
      put('web/src/features/a/Noisy.ts', "export function f() {\n  console.log('hi');\n}\n");
      execFileSync(biome, ['lint', 'web/src/features/a/Noisy.ts'], { cwd: root, encoding: 'utf8', stdio: 'pipe' });
    } catch (e) {
      failed = true;
      output = String((e as { stdout?: string }).stdout ?? '') + String((e as { stderr?: string }).stderr ?? '');
    }
    expect(failed).toBe(true);
    expect(output).toContain('noConsole');
  });
});
