import { routes } from './index.js';
import type { RouteContract } from './types.js';

interface Compiled {
  route: RouteContract;
  pattern: RegExp;
  names: string[];
}
const compiled: Compiled[] = routes.map((route) => {
  const names: string[] = [];
  const source = route.path
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace(/\{(\w+)\}/g, (_, n: string) => (names.push(n), '([^/]+)'));
  return { route, names, pattern: new RegExp(`^${source}$`) };
});

/**
 * Finds the contract route for a concrete method and path, as API Gateway does: literal segments win
 * over parameters (`/items/stats/overview` before `/items/{id}`).
 */
export function matchRoute(
  method: string,
  path: string,
): { route: RouteContract; pathParameters: Record<string, string> } | undefined {
  let best: { route: RouteContract; pathParameters: Record<string, string>; params: number } | undefined;
  for (const c of compiled) {
    if (c.route.method !== method) continue;
    const m = c.pattern.exec(path);
    if (!m) continue;
    if (best && best.params <= c.names.length) continue;
    let pathParameters: Record<string, string>;
    try {
      pathParameters = Object.fromEntries(c.names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)]));
    } catch {
      continue;
    }
    best = { route: c.route, pathParameters, params: c.names.length };
  }
  return best && { route: best.route, pathParameters: best.pathParameters };
}
