/**
 * Import boundaries of the SPA that Biome cannot express (they depend on where the importing file
 * sits). Run by `npm run lint` after `biome lint`:
 *
 * 1. web/src never imports functions/ (server code, AWS SDKs, secrets).
 * 2. A feature imports another feature only through its public entries: `features/<b>/index.ts`
 *    or its data hooks `features/<b>/api/index.ts`. Dynamic `import()` of a page module is the
 *    lazy-loading seam of the router and is allowed.
 * 3. No raw `fetch(` outside web/src/api/ (the typed client owns requests, tokens and errors).
 * (console.log is Biome's noConsole.) The same run checks the server areas' boundaries
 * (functions/lint/boundaries.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface Violation {
  file: string;
  line: number;
  rule: 'no-functions-import' | 'feature-public-entry' | 'no-raw-fetch';
  message: string;
}

const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$|\.test-helpers\.(ts|tsx)$|test-utils\.tsx$|test-setup\.ts$/;

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...walk(p));
    else if (SOURCE.test(name)) out.push(p);
  }
  return out;
}

/** Static imports and re-exports (`import … from 'x'`, `export … from 'x'`, `import 'x'`), with their line. */
function staticImports(text: string): { spec: string; line: number }[] {
  const found: { spec: string; line: number }[] = [];
  const re = /^\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
  // The import list may span lines; the line reported is the one of `import`.
  for (let m = re.exec(text); m; m = re.exec(text)) found.push({ spec: m[1]!, line: lineOf(text, m.index + m[0].search(/\S/)) });
  return found;
}

function dynamicImports(text: string): { spec: string; line: number }[] {
  const found: { spec: string; line: number }[] = [];
  const re = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) found.push({ spec: m[1]!, line: text.slice(0, m.index).split('\n').length });
  return found;
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

/** Checks web/src under `repoRoot`. */
export function checkBoundaries(repoRoot: string): Violation[] {
  const webSrc = join(repoRoot, 'web', 'src');
  const functionsDir = join(repoRoot, 'functions');
  const featuresDir = join(webSrc, 'features');
  const apiDir = join(webSrc, 'api');
  const violations: Violation[] = [];

  for (const file of walk(webSrc)) {
    const text = readFileSync(file, 'utf8');
    const rel = relative(repoRoot, file).split(sep).join('/');
    const featureOf = (p: string) => {
      if (!p.startsWith(featuresDir + sep)) return null;
      const parts = p.slice(featuresDir.length + 1).split(sep);
      // A file directly under features/ (a cross-feature rules test) belongs to no feature.
      return parts.length > 1 ? parts[0]! : null;
    };
    const own = featureOf(file);

    const check = (spec: string, line: number, dynamic: boolean) => {
      if (!spec.startsWith('.')) return;
      const target = resolve(dirname(file), spec).replace(/\.js$/, '');
      if (target === functionsDir || target.startsWith(functionsDir + sep)) {
        violations.push({ file: rel, line, rule: 'no-functions-import', message: `web imports server code '${spec}'` });
        return;
      }
      const other = featureOf(target);
      if (!own || !other || other === own || dynamic) return;
      const inside = target.slice(join(featuresDir, other).length + 1).split(sep).join('/');
      if (inside === 'index' || inside === 'api/index' || inside === 'api') return;
      // Test data is shared between features' tests; production code never imports it.
      if (TEST.test(file) && inside.endsWith('.test-helpers')) return;
      violations.push({ file: rel, line, rule: 'feature-public-entry', message: `feature '${own}' reaches into '${other}/${inside}': import from '${other}/index.ts' (or its api/index.ts)` });
    };
    for (const { spec, line } of staticImports(text)) check(spec, line, false);
    for (const { spec, line } of dynamicImports(text)) check(spec, line, true);

    if (!TEST.test(file) && !(file.startsWith(apiDir + sep))) {
      const re = /(^|[^\w.$])fetch\s*\(/g;
      for (let m = re.exec(text); m; m = re.exec(text)) {
        violations.push({ file: rel, line: lineOf(text, m.index + m[1]!.length), rule: 'no-raw-fetch', message: 'raw fetch outside web/src/api: use the typed client' });
      }
    }
  }
  return violations;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  // Both sides in one run: the server areas' rule lives beside the code it checks.
  const { checkServerBoundaries } = await import('../../functions/lint/boundaries.js');
  const found = [...checkBoundaries(root), ...checkServerBoundaries(root)];
  for (const v of found) console.error(`${v.file}:${v.line}  ${v.rule}  ${v.message}`);
  if (found.length) {
    console.error(`\n${found.length} boundary violation(s).`);
    process.exit(1);
  }
  console.info('Import boundaries: ok');
}
