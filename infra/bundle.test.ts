import { execFile, execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { AREAS, routes } from '../shared/contract/index.js';
import {
  areaContractSource,
  bundle,
  bundleOptions,
  definingModule,
  REPO_ROOT,
  slimBarrel,
  unshippedSdkImports,
  WHOLE_CONTRACT_IMPORTERS,
  withoutHandlebarsSourceMap,
} from './bundle.mjs';

const dir = mkdtempSync(join(tmpdir(), 'bundle-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The docs/decisions/0132-house-lean-bundles-fourth-pass-every-api.md budget for one API area's cold-start code (functions/local/bench/bundles.ts). */
const BUDGET = 350 * 1024;
/**
 * Inventory's cold-start code with the SDK bundled (the deployed default): 483 KB when measured
 * (docs/decisions/0132-house-lean-bundles-fourth-pass-every-api.md); this ceiling catches a regression such as the SDK's credential
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

  it("keeps an SDK barrel's own definitions without its re-exports, its imports pointed at the defining files (slimBarrel)", () => {
    const sdk = (p: string) => join(REPO_ROOT, 'node_modules', p);
    const auth = slimBarrel(sdk('@aws-sdk/core/dist-es/submodules/httpAuthSchemes/index.js'))!;
    expect(auth).toContain('export const resolveAwsSdkSigV4Config');
    // the barrel's `export { AwsSdkSigV4ASigner, … } from "./aws_sdk"` is gone, and its import of
    // bindResolveAwsSdkSigV4Config goes to the file that defines it, not to the ./aws_sdk barrel
    expect(auth).not.toContain('AwsSdkSigV4ASigner');
    expect(auth).not.toMatch(/from "\.\/aws_sdk"/);
    expect(auth).toContain(
      JSON.stringify(sdk('@aws-sdk/core/dist-es/submodules/httpAuthSchemes/aws_sdk/resolveAwsSdkSigV4Config.js')),
    );
    expect(slimBarrel(sdk('@smithy/core/dist-es/submodules/serde/no-such-barrel.js'))).toBeNull();
  });

  it('an area whose first-use paths use S3 keeps the S3-only SDK code out of its cold start (services, the events stream)', async () => {
    const out = join(dir, 'services');
    const { bytes, metafile } = await bundle('functions/services/handler.ts', out);
    const cold = new Set<string>();
    const visit = (k: string) => {
      if (cold.has(k) || !metafile.outputs[k]) return;
      cold.add(k);
      for (const i of metafile.outputs[k].imports) if (i.kind === 'import-statement') visit(i.path);
    };
    visit(Object.keys(metafile.outputs).find((k) => k.endsWith('/index.mjs'))!);
    const coldInputs = [...cold].flatMap((k) => Object.keys(metafile.outputs[k]?.inputs ?? {}));
    expect(coldInputs.filter((f) => /AwsSdkSigV4ASigner|util-stream\/checksum/.test(f))).toEqual([]);
    expect(bytes).toBeLessThanOrEqual(BUDGET);
    // The events function URL's entry serves the events area's routes: only its contract groups.
    const stream = await bundle('functions/events/stream.ts', join(dir, 'stream'));
    expect(Object.keys(stream.metafile.inputs).filter((f) => f.includes('shared/contract/routes/users.ts'))).toEqual(
      [],
    );
    expect(stream.bytes).toBeLessThanOrEqual(BUDGET);
  });

  it('with the slim SDK barrels, DynamoDB (cold) and S3 (first use) still sign, send and read their answers', async () => {
    const src = join(dir, 'sdk-entry');
    mkdirSync(src, { recursive: true });
    writeFileSync(
      join(src, 'entry.ts'),
      [
        "import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';",
        'export async function run(endpoint: string) {',
        "  const cfg = { region: 'us-east-1', endpoint, credentials: { accessKeyId: 'a', secretAccessKey: 'b' }, maxAttempts: 1 };",
        "  const item = await new DynamoDBClient(cfg).send(new GetItemCommand({ TableName: 't', Key: { pk: { S: 'k' } } }));",
        "  const { S3Client, GetObjectCommand } = await import('@aws-sdk/client-s3');",
        "  const obj = await new S3Client({ ...cfg, forcePathStyle: true }).send(new GetObjectCommand({ Bucket: 'b', Key: 'k.txt' }));",
        '  return { item: item.Item, text: await obj.Body?.transformToString() };',
        '}',
      ].join('\n'),
    );
    const out = join(dir, 'sdk-out');
    await build({
      ...bundleOptions('functions/health/handler.ts', out),
      entryPoints: [join(src, 'entry.ts')],
      nodePaths: [join(REPO_ROOT, 'node_modules')],
    });
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(
        `${req.method} ${req.url} ${req.headers.authorization?.startsWith('AWS4-HMAC-SHA256') ? 'signed' : 'unsigned'}`,
      );
      req.resume();
      if (req.url === '/') {
        res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' }).end('{"Item":{"pk":{"S":"k"}}}');
      } else res.writeHead(200, { 'content-type': 'text/plain' }).end('hello from s3');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const script = `const m = await import(${JSON.stringify(pathToFileURL(join(out, 'index.mjs')).href)}); process.stdout.write(JSON.stringify(await m.run(${JSON.stringify(endpoint)})));`;
      const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], {
        encoding: 'utf8',
        env: { ...process.env, NODE_OPTIONS: '' },
      });
      expect(JSON.parse(stdout)).toEqual({ item: { pk: { S: 'k' } }, text: 'hello from s3' });
      expect(seen).toEqual(['POST / signed', 'GET /b/k.txt?x-id=GetObject signed']);
    } finally {
      await new Promise((r) => server.close(r));
    }
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
