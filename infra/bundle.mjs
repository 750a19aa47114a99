// @ts-check
/**
 * How every API Lambda is bundled: one place for the CDK stack (infra/lambda.ts runs this file as a
 * script at synth time) and for `npm run bench` (bundle sizes and cold import times), so the two
 * measure the same thing. Plain ESM JavaScript: the CDK runs it with `node`, without a TS loader.
 *
 * Lean on purpose (docs/decisions/house-lean-bundles-fourth-pass-every-api.md):
 * - zod: the 40-odd locale files that `z.locales` drags in are replaced by an empty namespace (the
 *   English messages zod configures by default stay), and `z.compile`/`z.fromJSONSchema`, which no
 *   handler calls, by stubs that throw;
 * - the AWS SDK v3 comes from SDK_SOURCE: 'bundled' (our pinned version, minified and tree-shaken,
 *   the credential providers it loads with import() in chunks beside, never at cold start) or
 *   'runtime' (every `@aws-sdk/*` import left to the SDK the Lambda runtime ships; never a part of
 *   it: a bundled client reaching a runtime credential chain of another version breaks a cold start).
 *   'runtime' halves the code (within the 350 KB budget for most areas) but measured 2-3.6x the
 *   cold import CPU of 'bundled' (the runtime's SDK is whole, unminified CommonJS), so 'bundled' is
 *   the default: docs/decisions/house-lean-bundles-fourth-pass-every-api.md, has the figures. In 'runtime' mode only the
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
 *   `--enable-source-maps` in the hot path (see docs/decisions/house-readable-stack-traces.md for how traces are read).
 */
import { build } from 'esbuild';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

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
 * here is a claim about the runtime: check it on a deployed function first (docs/decisions/house-lean-bundles-fourth-pass-every-api.md).
 */
export const RUNTIME_SDK_PACKAGES = [
  '@aws-sdk/client-dynamodb',
  '@aws-sdk/lib-dynamodb',
  '@aws-sdk/client-s3',
  '@aws-sdk/s3-request-presigner',
  '@aws-sdk/s3-presigned-post',
  '@aws-sdk/client-ses',
  '@aws-sdk/client-secrets-manager',
];

/** handlebars as the library alone: without its optional source-map, AST printer and .hbs require hook. @type {import('esbuild').Plugin} */
export const withoutHandlebarsSourceMap = {
  name: 'without-handlebars-source-map',
  setup(b) {
    // code-gen.js requires it inside try/catch and falls back to its own SourceNode when it throws.
    b.onResolve({ filter: /^source-map$/ }, (args) =>
      /handlebars/.test(args.importer) ? { path: 'source-map', namespace: 'lean-handlebars' } : undefined,
    );
    // The package's main (lib/index.js) adds only the AST printer and a require() hook for .hbs files
    // to the library itself (dist/cjs/handlebars.js): neither is used here.
    b.onResolve({ filter: /^handlebars$/ }, (args) =>
      b.resolve('handlebars/dist/cjs/handlebars.js', { kind: args.kind, resolveDir: args.resolveDir }),
    );
    b.onLoad({ filter: /.*/, namespace: 'lean-handlebars' }, () => ({
      contents: "throw new Error('source-map is not bundled (infra/bundle.mjs)');",
      loader: 'js',
    }));
  },
};

/**
 * The AWS SDK's default credential chain as a Lambda resolves it: from the environment. Lambda puts
 * the function role's credentials in AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN,
 * which is the first link of `@aws-sdk/credential-provider-node`'s chain, so the rest (SSO, ini
 * files, web identity, process, container and instance metadata) is never reached there, yet ~37 KB
 * of it loads at every cold start (files it shares with the SSO/STS clients). The local runtime sets
 * the same variables for the emulators. A function started without them fails its first AWS call
 * with the SDK's own "Unable to find environment variable credentials".
 * @type {import('esbuild').Plugin}
 */
export const lambdaCredentials = {
  name: 'lambda-credentials',
  setup(b) {
    b.onResolve({ filter: /^@aws-sdk\/credential-provider-node$/ }, () => ({
      path: 'credential-provider-node',
      namespace: 'lambda-credentials',
    }));
    b.onLoad({ filter: /.*/, namespace: 'lambda-credentials' }, () => ({
      resolveDir: REPO_ROOT,
      loader: 'js',
      contents:
        "import { fromEnv } from '@aws-sdk/credential-provider-env'; export const defaultProvider = (init = {}) => fromEnv(init);",
    }));
  },
};

const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const NAMED_REEXPORT = /export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const STAR_REEXPORT = /export\s*\*\s*from\s*["']([^"']+)["']/g;
const LOCAL_EXPORT_LIST = /export\s*\{([^}]*)\}\s*;/g;
/** `a, b as c` → [{ from: 'a', as: 'a' }, { from: 'b', as: 'c' }] */
const specifiers = (/** @type {string} */ list) =>
  list
    .split(',')
    .map((x) => x.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((x) => {
      const [from, as] = x.split(/\s+as\s+/);
      return { from: from.trim(), as: (as ?? from).trim() };
    });
const moduleFile = (/** @type {string} */ spec, /** @type {string} */ dir) => {
  const p = resolve(dir, spec);
  if (p.endsWith('.js')) return p;
  return existsSync(`${p}.js`) ? `${p}.js` : join(p, 'index.js');
};

/** SDK files read once per process: every importer of a barrel walks the same files. */
const sdkSources = new Map();
const sdkSource = (/** @type {string} */ file) => {
  if (!sdkSources.has(file)) {
    try {
      sdkSources.set(file, readFileSync(file, 'utf8'));
    } catch {
      sdkSources.set(file, null);
    }
  }
  return /** @type {string | null} */ (sdkSources.get(file));
};

/**
 * The module that defines export `name` of `file`, following `export {…} from` and `export * from`
 * (a bare specifier is returned as is, for the next barrel to resolve); null when not found.
 * @param {string} file
 * @param {string} name
 * @returns {{ from: string; name: string } | null}
 */
export function definingModule(file, name, depth = 0) {
  if (depth > 10) return null;
  const src = sdkSource(file);
  if (src === null) return null;
  const escaped = name.replace(/\$/g, '\\$');
  if (new RegExp(`export\\s+(?:async\\s+)?(?:class|function\\*?|const|let|var)\\s+${escaped}\\b`).test(src))
    return { from: file, name };
  for (const m of src.matchAll(NAMED_REEXPORT)) {
    const hit = specifiers(m[1]).find((x) => x.as === name);
    if (hit)
      return m[2].startsWith('.')
        ? definingModule(moduleFile(m[2], dirname(file)), hit.from, depth + 1)
        : { from: m[2], name: hit.from };
  }
  for (const m of src.matchAll(LOCAL_EXPORT_LIST)) {
    const local = specifiers(m[1]).find((x) => x.as === name);
    if (!local) continue;
    // `import { x } from './file'; export { x };`: follow the import
    for (const i of src.matchAll(NAMED_IMPORT)) {
      const imported = specifiers(i[1]).find((x) => x.as === local.from);
      if (imported)
        return i[2].startsWith('.')
          ? definingModule(moduleFile(i[2], dirname(file)), imported.from, depth + 1)
          : { from: i[2], name: imported.from };
    }
    return { from: file, name };
  }
  for (const m of src.matchAll(STAR_REEXPORT)) {
    if (!m[1].startsWith('.')) continue;
    const found = definingModule(moduleFile(m[1], dirname(file)), name, depth + 1);
    if (found) return found;
  }
  return null;
}

const SLIM = 'direct-sdk-slim:';

/**
 * An SDK barrel's own definitions without its re-exports (`export {…} from`, `export * from`), its
 * relative imports pointed at the files that define the names (a barrel such as `@smithy/core/serde`
 * defines `v4` itself and imports from another barrel): null when the barrel cannot be read. Why: a
 * barrel reached from the cold start carries every file it re-exports into the chunk that the cold
 * start and the first-use clients (S3, SES) share, where esbuild cannot drop what S3 uses (-12 KB in
 * services and reservations). The definitions are `bind…(…)` functions of files beside
 * them, so a second copy beside the barrel's (S3 loads the barrel itself) behaves the same.
 * @param {string} file
 * @returns {string | null}
 */
export function slimBarrel(file) {
  const src = sdkSource(file);
  if (src === null) return null;
  const dir = dirname(file);
  return src
    .replace(new RegExp(NAMED_REEXPORT.source, 'g'), '')
    .replace(new RegExp(STAR_REEXPORT.source, 'g'), '')
    .replace(new RegExp(NAMED_IMPORT.source, 'g'), (line, list, spec) => {
      if (!spec.startsWith('.')) return line;
      const found = specifiers(list).map((x) => ({ ...x, at: definingModule(moduleFile(spec, dir), x.from) }));
      if (found.some((x) => !x.at)) return line;
      return found
        .map(
          (x) =>
            `import { ${x.at?.name === x.as ? x.as : `${x.at?.name} as ${x.as}`} } from ${JSON.stringify(x.at?.from)};`,
        )
        .join('\n');
    });
}

/**
 * The AWS SDK's `@aws-sdk/core/{sub}` and `@smithy/core/{sub}` barrels imported name by name: an
 * SDK module's `import { A } from '@aws-sdk/core/protocols'` becomes an import of the file that
 * defines A. Why: esbuild splits code into chunks by which entry points *reach* a file, whatever is
 * used of it, so the DynamoDB client reaching the protocols barrel pulled the XML and Query
 * protocols that only S3 and SES (loaded on first use) need into the cold-start chunk (-36 KB in
 * services). A name the walk cannot place keeps the barrel import (nothing breaks, it just weighs),
 * and a wrong placement cannot pass silently: esbuild fails the build on a missing export.
 * @type {import('esbuild').Plugin}
 */
export const directSdkImports = {
  name: 'direct-sdk-imports',
  setup(b) {
    b.onResolve({ filter: /^@(smithy|aws-sdk)\/core\/[\w-]+$/ }, async (args) => {
      if (args.pluginData?.barrel) return undefined;
      const fromVirtual = args.namespace === 'direct-sdk';
      if (!fromVirtual && !/node_modules/.test(args.importer)) return undefined;
      const src = fromVirtual ? args.pluginData.contents : sdkSource(args.importer);
      if (src === null) return undefined;
      const quoted = [`"${args.path}"`, `'${args.path}'`];
      const uses = quoted.reduce((n, q) => n + src.split(q).length - 1, 0);
      const named = [...src.matchAll(NAMED_IMPORT), ...src.matchAll(NAMED_REEXPORT)].filter((m) => m[2] === args.path);
      if (!named.length || named.length !== uses) return undefined; // a namespace, default, star or dynamic import: keep the barrel
      const names = [...new Set(named.flatMap((m) => specifiers(m[1]).map((x) => x.from)))].sort();
      const barrel = await b.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: { barrel: true },
      });
      if (barrel.errors.length || barrel.external) return undefined;
      const placed = names.map((n) => definingModule(barrel.path, n));
      if (placed.some((x) => !x)) return undefined;
      // A name the barrel defines itself comes from its slim copy (slimBarrel): the barrel proper would
      // bring every file it re-exports along.
      const source = (/** @type {string} */ from) =>
        JSON.stringify(from === barrel.path && slimBarrel(from) !== null ? `${SLIM}${from}` : from);
      const contents = placed
        .map(
          (x, i) =>
            `export { ${x?.name === names[i] ? names[i] : `${x?.name} as ${names[i]}`} } from ${source(x?.from ?? '')};`,
        )
        .join('\n');
      return {
        path: `${barrel.path}?${names.join(',')}`,
        namespace: 'direct-sdk',
        pluginData: { contents, dir: dirname(barrel.path) },
      };
    });
    b.onResolve({ filter: /^direct-sdk-slim:/ }, (args) => {
      const file = args.path.slice(SLIM.length);
      return {
        path: `${file}?slim`,
        namespace: 'direct-sdk',
        pluginData: { contents: slimBarrel(file), dir: dirname(file) },
      };
    });
    b.onLoad({ filter: /.*/, namespace: 'direct-sdk' }, (args) => ({
      contents: args.pluginData.contents,
      loader: 'js',
      resolveDir: args.pluginData.dir,
      pluginData: args.pluginData,
    }));
  },
};

const CONTRACT_INDEX = join(REPO_ROOT, 'shared', 'contract', 'index.ts');
const GROUP_IMPORT = /^import \{ (\w+) \} from '\.\/routes\/([\w-]+)\.js';\r?\n/gm;

/**
 * The route groups (`shared/contract/routes/{group}.ts`) of the contract index that declare a route of
 * `area`, and the index's source with only those: null when no group declares one (the full contract
 * is bundled then).
 * @param {string} area
 * @param {string} [source] the index's source (read from disk by default)
 * @returns {{ groups: string[]; source: string } | null}
 */
export function areaContractSource(area, source = readFileSync(CONTRACT_INDEX, 'utf8')) {
  const declares = new RegExp(`\\barea:\\s*['"]${area}['"]`);
  const groups = [...source.matchAll(GROUP_IMPORT)].map((m) => ({ line: m[0], name: m[1], group: m[2] }));
  const kept = groups.filter((g) =>
    declares.test(readFileSync(join(REPO_ROOT, 'shared', 'contract', 'routes', `${g.group}.ts`), 'utf8')),
  );
  if (!kept.length) return null;
  let out = source;
  for (const g of groups) {
    if (kept.includes(g)) continue;
    out = out.replace(g.line, '');
    const spread = new RegExp(`^\\s*\\.\\.\\.${g.name},?\\r?\\n`, 'm');
    if (!spread.test(out)) throw new Error(`areaContract: cannot find ...${g.name} in shared/contract/index.ts`);
    out = out.replace(spread, '');
  }
  return { groups: kept.map((g) => g.group), source: out };
}

/**
 * Modules that need every route, not their area's (the OpenAPI document, which the health area loads
 * on first use): their import of the contract index gets the whole index, as a module of its own.
 */
export const WHOLE_CONTRACT_IMPORTERS = [join(REPO_ROOT, 'functions', 'health', 'openapi.ts')];

/**
 * Bundles, for an entry `functions/{area}/*.ts` (the area's handler, or another entry that serves the
 * area's routes, such as the events function URL's `functions/events/stream.ts`), only the contract
 * route groups of that area (but for the WHOLE_CONTRACT_IMPORTERS). A folder that is no area (sweeps)
 * gets the whole contract.
 * @param {string} entry
 * @returns {import('esbuild').Plugin}
 */
export function areaContract(entry) {
  const area = /^functions\/([\w-]+)\/[\w-]+\.ts$/.exec(entry)?.[1];
  return {
    name: 'area-contract',
    setup(b) {
      if (!area) return;
      b.onResolve({ filter: /contract[\\/]index\.js$/ }, (args) => {
        if (
          !WHOLE_CONTRACT_IMPORTERS.includes(resolve(args.importer)) ||
          resolve(args.resolveDir, args.path.replace(/\.js$/, '.ts')) !== CONTRACT_INDEX
        )
          return undefined;
        return { path: CONTRACT_INDEX, namespace: 'whole-contract' };
      });
      b.onLoad({ filter: /.*/, namespace: 'whole-contract' }, () => ({
        contents: readFileSync(CONTRACT_INDEX, 'utf8'),
        loader: 'ts',
        resolveDir: dirname(CONTRACT_INDEX),
      }));
      b.onLoad({ filter: /shared[\\/]contract[\\/]index\.ts$/ }, (args) => {
        if (resolve(args.path) !== CONTRACT_INDEX) return undefined;
        const only = areaContractSource(area);
        return only ? { contents: only.source, loader: 'ts', resolveDir: dirname(CONTRACT_INDEX) } : undefined;
      });
    },
  };
}

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

/** @type {import('esbuild').Plugin} */
export const leanZod = {
  name: 'lean-zod',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /zod[\\/]v4[\\/](classic|core|mini)/.test(args.importer) ? { path: 'locales', namespace: 'lean-zod' } : undefined,
    );
    b.onResolve({ filter: /^\.\/compile\.js$/ }, (args) =>
      /zod[\\/]v4[\\/]core/.test(args.importer) ? { path: 'compile', namespace: 'lean-zod' } : undefined,
    );
    b.onResolve({ filter: /^\.\/from-json-schema\.js$/ }, (args) =>
      /zod[\\/]v4[\\/]classic/.test(args.importer) ? { path: 'from-json-schema', namespace: 'lean-zod' } : undefined,
    );
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
    b.onLoad({ filter: /.*/, namespace: 'lean-zod' }, (args) => ({
      contents: stubs[/** @type {keyof typeof stubs} */ (args.path)],
      loader: 'js',
    }));
  },
};

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
