import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bundle } from './bundle.mjs';

const dir = mkdtempSync(join(tmpdir(), 'bundle-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the lean Lambda bundle (infra/bundle.mjs)', () => {
  it('leaves zod locales and unused zod tools out, keeps the map beside the code without sources, and still loads', async () => {
    const out = join(dir, 'inventory');
    const { bytes, metafile } = await bundle('functions/inventory/handler.ts', out);
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.filter((f) => /zod\/v4\/locales\/(?!en\.js)/.test(f))).toEqual([]);
    expect(inputs.some((f) => /zod\/v4\/core\/compile\.js$/.test(f))).toBe(false);
    expect(inputs.some((f) => f.includes('http-multipart-body-parser') || f.includes('busboy'))).toBe(false);
    expect(bytes).toBeLessThan(750 * 1024);
    const code = readFileSync(join(out, 'index.mjs'), 'utf8');
    expect(code).not.toContain('sourceMappingURL=data:');
    const map = JSON.parse(readFileSync(join(out, 'index.mjs.map'), 'utf8')) as { sourcesContent?: unknown };
    expect(map.sourcesContent).toBeUndefined();
    // A fresh process imports it and finds the handler (the English messages still work).
    const script = `const m = await import(${JSON.stringify(pathToFileURL(join(out, 'index.mjs')).href)}); process.stdout.write(typeof m.handler);`;
    expect(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } })).toBe('function');
  });

  it('puts the multipart parser only in areas that take multipart bodies', async () => {
    const out = join(dir, 'uploads');
    const { metafile } = await bundle('functions/uploads/handler.ts', out);
    expect(Object.keys(metafile.inputs).some((f) => f.includes('busboy'))).toBe(true);
    expect(existsSync(join(out, 'index.mjs'))).toBe(true);
  });
});
