// @ts-check
/**
 * How every API Lambda is bundled: one place for the CDK stack (infra/lambda.ts runs this file as a
 * script at synth time) and for `npm run bench` (bundle sizes and cold import times), so the two
 * measure the same thing. Plain ESM JavaScript: the CDK runs it with `node`, without a TS loader.
 *
 * Lean on purpose (docs/decisions/0132-house-lean-bundles-fourth-pass-every-api.md):
 * - zod: the 40-odd locale files that `z.locales` drags in are replaced by an empty namespace (the
 *   English messages zod configures by default stay), and `z.compile`/`z.fromJSONSchema`, which no
 *   handler calls, by stubs that throw;
 * - the AWS SDK v3 comes from SDK_SOURCE: 'bundled' (our pinned version, minified and tree-shaken,
 *   the credential providers it loads with import() in chunks beside, never at cold start) or
 *   'runtime' (every `@aws-sdk/*` import left to the SDK the Lambda runtime ships; never a part of
 *   it: a bundled client reaching a runtime credential chain of another version breaks a cold start).
 *   'runtime' halves the code (within the 350 KB budget for most areas) but measured 2-3.6x the
 *   cold import CPU of 'bundled' (the runtime's SDK is whole, unminified CommonJS), so 'bundled' is
 *   the default: docs/decisions/0132-house-lean-bundles-fourth-pass-every-api.md, has the figures. In 'runtime' mode only the
 *   packages of RUNTIME_SDK_PACKAGES may be imported (the build fails on another) and infra/lambda.ts
 *   pins the runtime version between deploys;
 * - the credential chain is the environment's only (`lambdaCredentials`): what a Lambda uses;
 * - the SDK's `@aws-sdk/core/*` and `@smithy/core/*` barrels are imported name by name
 *   (`directSdkImports`), so code of the clients loaded on first use stays out of the cold start;
 * - handlebars' optional `source-map` (used only for template source maps, which we never ask for)
 *   is left out: handlebars falls back to its built-in code generator;
 * - an area's bundle holds only the contract's route groups that declare its routes (`areaContract`):
 *   the pipeline of area X only ever looks at X's routes, so the other areas' schemas are dead weight;
 * - code behind `import()` (the reports' PDF and XLSX writers) goes to chunks beside `index.mjs`,
 *   loaded on first use, not at cold start;
 * - the source map is written beside the code (`index.mjs.map`), never inlined, and without
 *   `--enable-source-maps` in the hot path (see docs/decisions/0128-house-readable-stack-traces.md for how traces
 *   are read).
 */
import { build } from 'esbuild';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { areaContract } from './bundle/area-contract.mjs';
import { lambdaCredentials } from './bundle/credentials.mjs';
import { withoutHandlebarsSourceMap } from './bundle/handlebars.mjs';
import { leanZod } from './bundle/lean-zod.mjs';
import { REPO_ROOT } from './bundle/root.mjs';
import { directSdkImports } from './bundle/sdk-imports.mjs';

// One esbuild plugin per file under infra/bundle/; re-exported so importers keep one entry point.
export { areaContract, areaContractSource, WHOLE_CONTRACT_IMPORTERS } from './bundle/area-contract.mjs';
export { lambdaCredentials } from './bundle/credentials.mjs';
export { withoutHandlebarsSourceMap } from './bundle/handlebars.mjs';
export { leanZod } from './bundle/lean-zod.mjs';
export { REPO_ROOT } from './bundle/root.mjs';
export { definingModule, directSdkImports, slimBarrel } from './bundle/sdk-imports.mjs';

// The handlers are ESM (they use import.meta), so the bundle is ESM too. Some bundled CommonJS
// dependencies call require() for Node built-ins, which an ESM bundle lacks without this shim.
export const ESM_REQUIRE_SHIM =
  "import { createRequire as __cjsRequire } from 'node:module'; const require = __cjsRequire(import.meta.url);";

/** Packages never bundled, whatever the SDK source (none). */
export const LEAN_EXTERNALS = [];

/**
 * Where the API functions' AWS SDK comes from (see the header): 'bundled' or 'runtime'.
 * @type {'bundled' | 'runtime'}
 */
export const SDK_SOURCE = 'bundled';

/** @param {'bundled' | 'runtime'} sdk */
const sdkExternals = (sdk) => (sdk === 'runtime' ? ['@aws-sdk/*'] : []);

/**
 * The `@aws-sdk/*` packages a bundle may import from the Lambda runtime: those the nodejs runtimes
 * ship in /var/runtime/node_modules (clients, the document client, both S3 presigners). Adding one
 * here is a claim about the runtime: check it on a deployed function first (docs/decisions/0132-house-lean-bundles-fourth-pass-every-api.md).
 */
export const RUNTIME_SDK_PACKAGES = [
  '@aws-sdk/client-dynamodb',
  '@aws-sdk/lib-dynamodb',
  // A dependency of lib-dynamodb (its marshalling), so it ships wherever lib-dynamodb does; the slot
  // holds read a refused write's old row with its `unmarshall` (functions/services/slot-holds.ts).
  '@aws-sdk/util-dynamodb',
  '@aws-sdk/client-s3',
  '@aws-sdk/s3-request-presigner',
  '@aws-sdk/s3-presigned-post',
  '@aws-sdk/client-ses',
  '@aws-sdk/client-secrets-manager',
];

/**
 * The `@aws-sdk/*` imports of a build that the runtime is not known to ship (empty when all is well).
 * @param {import('esbuild').Metafile} metafile
 */
export function unshippedSdkImports(metafile) {
  const out = new Set();
  for (const input of Object.values(metafile.inputs)) {
    for (const i of input.imports) {
      if (!i.external || !i.path.startsWith('@aws-sdk/')) continue;
      const pkg = i.path.split('/').slice(0, 2).join('/');
      if (!RUNTIME_SDK_PACKAGES.includes(pkg) || i.path !== pkg) out.add(i.path);
    }
  }
  return [...out].sort();
}

/**
 * esbuild options for one Lambda entry (relative to the repository root), the same options the
 * stack deploys: ESM, node22, minified, split at `import()`, external source map without sources.
 * @param {string} entry
 * @param {string} outdir
 * @param {{ externalModules?: string[]; sdk?: 'bundled' | 'runtime' }} [opts]
 * @returns {import('esbuild').BuildOptions}
 */
export function bundleOptions(entry, outdir, opts = {}) {
  return {
    entryPoints: [join(REPO_ROOT, entry)],
    outdir,
    entryNames: 'index',
    chunkNames: 'chunk-[hash]',
    outExtension: { '.js': '.mjs' },
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    mainFields: ['module', 'main'],
    banner: { js: ESM_REQUIRE_SHIM },
    minify: true,
    sourcemap: 'external',
    sourcesContent: false,
    external: [...LEAN_EXTERNALS, ...sdkExternals(opts.sdk ?? SDK_SOURCE), ...(opts.externalModules ?? [])],
    plugins: [directSdkImports, leanZod, withoutHandlebarsSourceMap, lambdaCredentials, areaContract(entry)],
    metafile: true,
    logLevel: 'error',
    absWorkingDir: REPO_ROOT,
  };
}

/**
 * Bundles `entry` into `outdir` (emptied first): `index.mjs` (the code asset's handler module), the
 * chunks of its `import()`s, and their `.map` files. Fails when the code imports an `@aws-sdk/*`
 * package the runtime is not known to ship.
 * Returns `bytes`: what a cold start loads (`index.mjs` and the chunks it imports statically), and
 * `assetBytes`: every `.mjs` of the code asset (with the chunks loaded on first use).
 * @param {string} entry
 * @param {string} outdir
 * @param {{ externalModules?: string[]; sdk?: 'bundled' | 'runtime' }} [opts]
 */
export async function bundle(entry, outdir, opts) {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const result = await build(bundleOptions(entry, outdir, opts));
  const unshipped = unshippedSdkImports(result.metafile);
  if (unshipped.length)
    throw new Error(
      `${entry} imports AWS SDK packages the Lambda runtime is not known to ship: ${unshipped.join(', ')} (infra/bundle.mjs RUNTIME_SDK_PACKAGES)`,
    );
  const outputs = result.metafile.outputs;
  const rel = (/** @type {string} */ f) => Object.keys(outputs).find((k) => resolve(REPO_ROOT, k) === resolve(f));
  const entryKey = rel(join(outdir, 'index.mjs'));
  if (!entryKey) throw new Error(`Bundling ${entry} produced no index.mjs`);
  const loaded = new Set();
  const visit = (/** @type {string} */ key) => {
    if (loaded.has(key)) return;
    loaded.add(key);
    for (const i of outputs[key]?.imports ?? [])
      if (i.kind === 'import-statement' && !i.external && outputs[i.path]) visit(i.path);
  };
  visit(entryKey);
  const size = (/** @type {string} */ key) => statSync(resolve(REPO_ROOT, key)).size;
  const code = Object.keys(outputs).filter((k) => k.endsWith('.mjs'));
  return {
    bytes: [...loaded].reduce((n, k) => n + size(k), 0),
    assetBytes: code.reduce((n, k) => n + size(k), 0),
    metafile: result.metafile,
  };
}

// `node infra/bundle.mjs <entry> <outdir> [external,...]`: what infra/lambda.ts runs at synth time.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [entry, outdir, externals] = process.argv.slice(2);
  if (!entry || !outdir) {
    process.stderr.write('usage: node infra/bundle.mjs <entry> <outdir> [external,...]\n');
    process.exit(2);
  }
  bundle(entry, outdir, { externalModules: externals ? externals.split(',') : [] }).then(
    () => process.exit(existsSync(join(outdir, 'index.mjs')) ? 0 : 1),
    (e) => {
      process.stderr.write(`bundling ${entry} failed: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exit(1);
    },
  );
}
