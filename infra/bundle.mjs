// @ts-check
/**
 * How every API Lambda is bundled: one place for the CDK stack (infra/lambda.ts runs this file as a
 * script at synth time) and for `npm run bench` (bundle sizes and cold import times), so the two
 * measure the same thing. Plain ESM JavaScript: the CDK runs it with `node`, without a TS loader.
 *
 * Lean on purpose (docs/decisions.md, "Lean Lambdas"):
 * - zod: the 40-odd locale files that `z.locales` drags in are replaced by an empty namespace (the
 *   English messages zod configures by default stay), and `z.compile`/`z.fromJSONSchema`, which no
 *   handler calls, by stubs that throw;
 * - the AWS SDK stays inside, pinned (a static import in the credential chain reaches
 *   `@aws-sdk/nested-clients`, so leaving even that to the runtime's SDK would break a cold start);
 * - the source map is written beside the code (`index.mjs.map`), never inlined, and without
 *   `--enable-source-maps` in the hot path (see docs/decisions.md for how traces are read).
 */
import { build } from 'esbuild';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

// The handlers are ESM (they use import.meta), so the bundle is ESM too. Some bundled CommonJS
// dependencies call require() for Node built-ins, which an ESM bundle lacks without this shim.
export const ESM_REQUIRE_SHIM = "import { createRequire as __cjsRequire } from 'node:module'; const require = __cjsRequire(import.meta.url);";

/** Packages never bundled (none today: every import must resolve inside the bundle). */
export const LEAN_EXTERNALS = [];

/** @type {import('esbuild').Plugin} */
export const leanZod = {
  name: 'lean-zod',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) => (/zod[\\/]v4[\\/](classic|core)/.test(args.importer) ? { path: 'locales', namespace: 'lean-zod' } : undefined));
    b.onResolve({ filter: /^\.\/compile\.js$/ }, (args) => (/zod[\\/]v4[\\/]core/.test(args.importer) ? { path: 'compile', namespace: 'lean-zod' } : undefined));
    b.onResolve({ filter: /^\.\/from-json-schema\.js$/ }, (args) => (/zod[\\/]v4[\\/]classic/.test(args.importer) ? { path: 'from-json-schema', namespace: 'lean-zod' } : undefined));
    const unused = (name) => `() => { throw new Error('${name} is not bundled in this Lambda (infra/bundle.mjs)'); }`;
    const stubs = {
      locales: 'export {};',
      compile: [
        'export const INVALID = Symbol.for("zod.compile.invalid");',
        'export class ZodCompileAsyncError extends Error {}',
        'export class ZodCompileUnsupportedError extends Error {}',
        `export const compile = ${unused('z.compile')};`,
        `export const withParser = ${unused('z.withParser')};`,
        `export const compileFn = ${unused('z.compileFn')};`,
      ].join('\n'),
      'from-json-schema': `export const fromJSONSchema = ${unused('z.fromJSONSchema')};`,
    };
    b.onLoad({ filter: /.*/, namespace: 'lean-zod' }, (args) => ({ contents: stubs[/** @type {keyof typeof stubs} */ (args.path)], loader: 'js' }));
  },
};

/**
 * esbuild options for one Lambda entry (relative to the repository root), the same options the
 * stack deploys: ESM, node22, minified, external source map without sources.
 * @param {string} entry
 * @param {string} outdir
 * @param {{ externalModules?: string[] }} [opts]
 * @returns {import('esbuild').BuildOptions}
 */
export function bundleOptions(entry, outdir, opts = {}) {
  return {
    entryPoints: [join(REPO_ROOT, entry)],
    outfile: join(outdir, 'index.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    mainFields: ['module', 'main'],
    banner: { js: ESM_REQUIRE_SHIM },
    minify: true,
    sourcemap: 'external',
    sourcesContent: false,
    external: [...LEAN_EXTERNALS, ...(opts.externalModules ?? [])],
    plugins: [leanZod],
    metafile: true,
    logLevel: 'error',
    absWorkingDir: REPO_ROOT,
  };
}

/**
 * Bundles `entry` into `outdir` (emptied first): `index.mjs` (the code asset's handler module) and
 * `index.mjs.map`. Returns the code size in bytes.
 * @param {string} entry
 * @param {string} outdir
 * @param {{ externalModules?: string[] }} [opts]
 */
export async function bundle(entry, outdir, opts) {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const result = await build(bundleOptions(entry, outdir, opts));
  return { bytes: statSync(join(outdir, 'index.mjs')).size, metafile: result.metafile };
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
