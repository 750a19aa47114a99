/**
 * The import graph of the source tree, for the boundary lint's rank check (functions/lint/boundaries.ts)
 * and for a person who wants to see it: `npx tsx functions/lint/import-graph.ts` prints the area-level
 * graph of functions/ (edges with how many file imports make them), its strongly connected components
 * (areas that import each other in a circle), and the file-level cycles of functions/ and web/src
 * (docs/decisions/0260-areas-depend-one-way.md). Static imports, re-exports and `import()` count, type-only
 * imports too (a type is a dependency of the source, even if the bundle drops it); test files do not.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$|\.test-helpers\.(ts|tsx)$|test-utils\.tsx$|test-setup\.ts$/;

/** Source files under `dir` (recursively), tests left out. */
export function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (SOURCE.test(name) && !TEST.test(name)) out.push(path);
  }
  return out;
}

/** Import specifiers with their line: static imports and re-exports (the list may span lines), and `import()`. */
export function importSpecifiers(text: string): { spec: string; line: number }[] {
  const found: { spec: string; line: number }[] = [];
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  const statics = /^\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
  for (let m = statics.exec(text); m; m = statics.exec(text))
    found.push({ spec: m[1]!, line: lineOf(m.index + m[0].search(/\S/)) });
  const dynamic = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (let m = dynamic.exec(text); m; m = dynamic.exec(text)) found.push({ spec: m[1]!, line: lineOf(m.index) });
  return found;
}

/** The file a relative specifier names (`./x.js` → `x.ts`, `x.tsx` or `x/index.ts`), or null. */
function resolveSpecifier(fromFile: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(fromFile), spec).replace(/\.(js|jsx|ts|tsx)$/, '');
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')])
    if (existsSync(candidate)) return candidate;
  return null;
}

interface ImportEdge {
  from: string;
  to: string;
  line: number;
}

/** Every relative import between the source files under `dirs` (absolute paths). */
export function importEdges(dirs: readonly string[]): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const dir of dirs)
    for (const file of sourceFiles(dir))
      for (const { spec, line } of importSpecifiers(readFileSync(file, 'utf8'))) {
        const target = resolveSpecifier(file, spec);
        if (target && target !== file) edges.push({ from: file, to: target, line });
      }
  return edges;
}

/** Strongly connected components with more than one node (Tarjan), each sorted, largest first. */
function cycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found.sort((a, b) => b.length - a.length || a[0]!.localeCompare(b[0]!));
}

function addEdge(graph: Map<string, Set<string>>, from: string, to: string) {
  if (!graph.has(from)) graph.set(from, new Set());
  if (!graph.has(to)) graph.set(to, new Set());
  graph.get(from)!.add(to);
}

/** The area of a file under functions/ (its first folder; `functions/handlers.ts` is 'handlers'), or null. */
export function areaOfFile(functionsDir: string, file: string): string | null {
  if (!file.startsWith(functionsDir + sep)) return null;
  const parts = file.slice(functionsDir.length + 1).split(sep);
  return parts.length > 1 ? parts[0]! : parts[0]!.replace(SOURCE, '');
}

/** Test support kept beside an area's code (the isolation walk's fixtures): not part of the area graph. */
export const TEST_SUPPORT = /fixtures\.ts$/;

/** Area → area edges of functions/ under `repoRoot` (test support left out), each with the file imports that make it. */
function areaGraph(repoRoot: string): Map<string, Map<string, ImportEdge[]>> {
  const functionsDir = join(repoRoot, 'functions');
  const graph = new Map<string, Map<string, ImportEdge[]>>();
  for (const edge of importEdges([functionsDir])) {
    if (TEST_SUPPORT.test(edge.from)) continue;
    const from = areaOfFile(functionsDir, edge.from);
    const to = areaOfFile(functionsDir, edge.to);
    if (!from || !to || from === to) continue;
    if (!graph.has(from)) graph.set(from, new Map());
    const targets = graph.get(from)!;
    targets.set(to, [...(targets.get(to) ?? []), edge]);
  }
  return graph;
}

/** The folders whose files may not import each other in a circle (the boundary lint checks them). */
export const FILE_CYCLE_DIRS = ['functions', 'web/src'] as const;

/** The file cycles (import circles, tests left out) under `dir` of `repoRoot`, as repo-relative paths. */
export function fileCycles(repoRoot: string, dir: string): string[][] {
  const files = new Map<string, Set<string>>();
  const rel = (p: string) => relative(repoRoot, p).split(sep).join('/');
  for (const edge of importEdges([join(repoRoot, ...dir.split('/'))])) addEdge(files, rel(edge.from), rel(edge.to));
  return cycles(files);
}

/** A printable summary: area edges, area cycles, file cycles of functions/ and web/src. */
function graphReport(repoRoot: string): string {
  const lines: string[] = [];
  const areas = areaGraph(repoRoot);
  const simple = new Map<string, Set<string>>();
  lines.push('Area imports (from -> to: file imports):');
  for (const [from, targets] of [...areas].sort(([a], [b]) => a.localeCompare(b))) {
    for (const to of targets.keys()) addEdge(simple, from, to);
    const list = [...targets].sort(([a], [b]) => a.localeCompare(b)).map(([to, edges]) => `${to} ${edges.length}`);
    lines.push(`  ${from} -> ${list.join(', ')}`);
  }
  const areaCycles = cycles(simple);
  lines.push(`Area cycles (strongly connected components): ${areaCycles.length}`);
  for (const component of areaCycles) lines.push(`  [${component.length}] ${component.join(' ')}`);
  for (const dir of FILE_CYCLE_DIRS) {
    const found = fileCycles(repoRoot, dir);
    lines.push(`File cycles in ${dir}: ${found.length}`);
    for (const component of found) lines.push(`  [${component.length}] ${component.join(' ')}`);
  }
  return lines.join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.info(graphReport(join(dirname(fileURLToPath(import.meta.url)), '..', '..')));
}
