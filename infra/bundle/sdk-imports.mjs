// @ts-check
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

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
