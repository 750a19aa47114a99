import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { AREAS, routes } from '../shared/contract/index.js';
import {
  areaContractSource,
  bundle,
  definingModule,
  REPO_ROOT,
  unshippedSdkImports,
  WHOLE_CONTRACT_IMPORTERS,
  withoutHandlebarsSourceMap,
} from './bundle.mjs';

const dir = mkdtempSync(join(tmpdir(), 'bundle-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The issue 9 budget for one API area's cold-start code (functions/local/bench/bundles.ts). */
const BUDGET = 350 * 1024;
/**
 * Inventory's cold-start code with the SDK bundled (the deployed default): 483 KB when measured
 * (docs/decisions.md "Lean Lambdas"); this ceiling catches a regression such as the SDK's credential
 * providers coming back into the first load.
 */
const BUNDLED_SDK_CEILING = 500 * 1024;

/** Imports `file` in a fresh Node process and prints `typeof handler`; throws with Node's message otherwise. */
const importInNode = (file: string) =>
  execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const m = await import(${JSON.stringify(pathToFileURL(file).href)}); process.stdout.write(typeof m.handler);`,
    ],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_OPTIONS: '' },
    },
  );

describe('the lean Lambda bundle (infra/bundle.mjs)', () => {
  it('leaves zod locales and unused zod tools out, keeps the map beside the code without sources, and still loads', async () => {
    const out = join(dir, 'inventory');
    const { bytes, assetBytes, metafile } = await bundle('functions/inventory/handler.ts', out, { sdk: 'bundled' });
    const inputs = Object.keys(metafile.inputs);
    expect(inputs.filter((f) => /zod\/v4\/locales\/(?!en\.js)/.test(f))).toEqual([]);
    expect(inputs.some((f) => /zod\/v4\/core\/compile\.js$/.test(f))).toBe(false);
    expect(inputs.some((f) => f.includes('http-multipart-body-parser') || f.includes('busboy'))).toBe(false);
    expect(bytes).toBeLessThanOrEqual(BUNDLED_SDK_CEILING);
    // The SDK's credential providers beyond the environment's load with import(): in chunks, not at cold start.
    const loadedAtStart = Object.entries(metafile.outputs)
      .filter(([k]) => k.endsWith('/index.mjs'))
      .flatMap(([, o]) => Object.keys(o.inputs));
    expect(
      loadedAtStart.filter((f) =>
        /@aws-sdk\/(nested-clients|credential-provider-(sso|ini|process|web-identity|login))\//.test(f),
      ),
    ).toEqual([]);
    expect(assetBytes).toBeGreaterThan(bytes);
    const code = readFileSync(join(out, 'index.mjs'), 'utf8');
    expect(code).not.toContain('sourceMappingURL=data:');
    const map = JSON.parse(readFileSync(join(out, 'index.mjs.map'), 'utf8')) as { sourcesContent?: unknown };
    expect(map.sourcesContent).toBeUndefined();
    // Self-contained: a fresh process imports it from a directory with no node_modules anywhere above.
    const lone = join(dir, 'lone-bundled');
    execFileSync('cp', ['-r', out, lone]);
    expect(importInNode(join(lone, 'index.mjs'))).toBe('function');
  });

  it("with the runtime's SDK: within the budget, and loads only where the SDK resolves from outside the bundle, as on Lambda", async () => {
    const out = join(dir, 'inventory-runtime-sdk');
    const { bytes, metafile } = await bundle('functions/inventory/handler.ts', out, { sdk: 'runtime' });
    expect(bytes).toBeLessThanOrEqual(BUDGET);
    // None of the SDK inside, only imports of the packages the runtime ships.
    expect(Object.keys(metafile.inputs).filter((f) => f.includes('node_modules/@aws-sdk/'))).toEqual([]);
    expect(unshippedSdkImports(metafile)).toEqual([]);
    // A code asset alone: the SDK import cannot resolve, which shows the SDK really is outside.
    const lone = join(dir, 'lone');
    mkdirSync(lone, { recursive: true });
    // The whole code asset (index.mjs and its chunks): an area that splits a first-use path off has chunks.
    execFileSync('cp', ['-r', `${out}/.`, lone]);
    expect(() => importInNode(join(lone, 'index.mjs'))).toThrow(/Cannot find package '@aws-sdk\//);
    // The same code under a directory whose node_modules holds the SDK (only @aws-sdk, as the runtime
    // exposes it): the handler module loads (the English zod messages, the logger, the pipeline).
    const runtime = join(dir, 'runtime');
    mkdirSync(join(runtime, 'node_modules'), { recursive: true });
    symlinkSync(join(REPO_ROOT, 'node_modules', '@aws-sdk'), join(runtime, 'node_modules', '@aws-sdk'));
    mkdirSync(join(runtime, 'task'));
    execFileSync('cp', ['-r', `${out}/.`, join(runtime, 'task')]);
    expect(importInNode(join(runtime, 'task', 'index.mjs'))).toBe('function');
  });

  it("gives each area's bundle the contract route groups holding all of that area's routes (the OpenAPI module: the whole contract)", async () => {
    for (const importer of WHOLE_CONTRACT_IMPORTERS) expect(existsSync(importer), importer).toBe(true);
    for (const area of AREAS) {
      const only = areaContractSource(area);
      expect(only, area).not.toBeNull();
      const kept = new Set<string>();
      for (const group of only!.groups) {
        const mod = (await import(`../shared/contract/routes/${group}.ts`)) as Record<string, unknown>;
        for (const list of Object.values(mod))
          if (Array.isArray(list)) for (const r of list as { id?: string }[]) if (r?.id) kept.add(r.id);
      }
      const missing = routes.filter((r) => r.area === area && !kept.has(r.id)).map((r) => r.id);
      expect(missing, `${area}: routes left out of its bundle's contract`).toEqual([]);
      expect(only!.source).toContain('export const routes = [');
    }
  });

  it('places an SDK barrel export in the file that defines it (directSdkImports), or keeps the barrel', () => {
    const sdk = (p: string) => join(REPO_ROOT, 'node_modules', p);
    const protocols = sdk('@aws-sdk/core/dist-es/submodules/protocols/index.js');
    expect(definingModule(protocols, 'AwsJson1_0Protocol')?.from).toBe(
      sdk('@aws-sdk/core/dist-es/submodules/protocols/json/AwsJson1_0Protocol.js'),
    );
    // re-exported from another package: handed on as a bare specifier, for that barrel's own pass
    expect(definingModule(protocols, 'JsonCodec')).toEqual({ from: '@smithy/core/protocols', name: 'JsonCodec' });
    const serde = sdk('@smithy/core/dist-es/submodules/serde/index.js');
    // `import { fromBase64 } from './util-base64/fromBase64'; export { fromBase64 };`
    expect(definingModule(serde, 'fromBase64')?.from).toBe(
      sdk('@smithy/core/dist-es/submodules/serde/util-base64/fromBase64.js'),
    );
    // defined in the barrel itself
    expect(definingModule(serde, 'v4')?.from).toBe(serde);
    expect(definingModule(serde, 'noSuchExport')).toBeNull();
  });

  it('refuses an AWS SDK package the runtime is not known to ship', () => {
    const meta = (path: string): Metafile => ({
      inputs: { 'a.ts': { bytes: 1, imports: [{ path, kind: 'import-statement', external: true }] } },
      outputs: {},
    });
    expect(unshippedSdkImports(meta('@aws-sdk/lib-dynamodb'))).toEqual([]);
    expect(unshippedSdkImports(meta('@aws-sdk/util-retry'))).toEqual(['@aws-sdk/util-retry']);
    expect(unshippedSdkImports(meta('@aws-sdk/client-s3/dist-cjs/index.js'))).toEqual([
      '@aws-sdk/client-s3/dist-cjs/index.js',
    ]);
  });

  it('leaves handlebars without source-map, and handlebars still compiles templates', async () => {
    const out = join(dir, 'hbs', 'index.mjs');
    const result = await build({
      stdin: {
        contents:
          "import H from 'handlebars'; export const html = H.compile('<p>Hi {{name}}</p>{{#if more}}!{{/if}}')({ name: '<b>', more: true }); export const src = H.precompile('{{x}}').length > 0;",
        resolveDir: REPO_ROOT,
        loader: 'js',
      },
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile: out,
      metafile: true,
      logLevel: 'error',
      banner: { js: "import { createRequire as __r } from 'node:module'; const require = __r(import.meta.url);" },
      plugins: [withoutHandlebarsSourceMap],
    });
    expect(Object.keys(result.metafile.inputs).some((f) => f.includes('node_modules/source-map/'))).toBe(false);
    const script = `const m = await import(${JSON.stringify(pathToFileURL(out).href)}); process.stdout.write(JSON.stringify([m.html, m.src]));`;
    expect(
      JSON.parse(
        execFileSync(process.execPath, ['--input-type=module', '-e', script], {
          encoding: 'utf8',
          env: { ...process.env, NODE_OPTIONS: '' },
        }),
      ),
    ).toEqual(['<p>Hi &lt;b&gt;</p>!', true]);
  });

  it('puts the multipart parser only in areas that take multipart bodies', async () => {
    const out = join(dir, 'uploads');
    const { metafile } = await bundle('functions/uploads/handler.ts', out);
    expect(Object.keys(metafile.inputs).some((f) => f.includes('busboy'))).toBe(true);
    expect(existsSync(join(out, 'index.mjs'))).toBe(true);
  });
});
