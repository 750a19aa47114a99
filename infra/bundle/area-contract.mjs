// @ts-check
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { REPO_ROOT } from './root.mjs';

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
