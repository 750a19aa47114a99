/**
 * The first screen's chunks, fetched while the main bundle downloads and runs instead of after it
 * (docs/decisions/0221-first-load-route-preload-and-compression.md): the route table `routePreload()` (web/vite.config.ts) writes into index.html as
 * `<script type="application/json" id="route-chunks">`, matched against the address. A standalone
 * module (its one import, api/early-answer.ts, travels in its chunk), loaded `async` ahead of the main bundle. Public pages only: a signed-in
 * screen depends on the session, which only the app knows. A path that another screen takes after all
 * (a tenant host's `/` shows the sign-in page) costs one small wasted fetch.
 *
 * A route may also name the API answer its first paint shows (`id="route-data"`: the public service
 * page's `/public/service/{token}`): that request starts here too, and the API client takes it once
 * (`takePrefetched`, web/src/api/client.ts) instead of asking again after the page's code has run.
 * The main bundle imports this module, so both share the one instance the browser loaded.
 */
import { prefetch } from '../api/early-answer.js';

export { prefetch, takePrefetched } from '../api/early-answer.js';

type RouteChunks = Record<string, string[]>;
/** Route pattern → the API path template (`/public/service/{token}`) of the answer its first paint shows. */
type RouteData = Record<string, string>;

/** The first pattern (`/`, `/login`, `/service/:token`) that matches `path` segment by segment, with its params. */
function match(patterns: string[], path: string): { pattern: string; params: Record<string, string> } | null {
  const segs = path.split('/').filter(Boolean);
  for (const pattern of patterns) {
    const parts = pattern.split('/').filter(Boolean);
    if (parts.length !== segs.length || !parts.every((p, i) => p.startsWith(':') || p === segs[i])) continue;
    const params: Record<string, string> = {};
    parts.forEach((p, i) => {
      if (p.startsWith(':')) params[p.slice(1)] = segs[i]!;
    });
    return { pattern, params };
  }
  return null;
}

/** The files of the first pattern that matches `path`. */
export function routeFiles(routes: RouteChunks, path: string): string[] {
  const m = match(Object.keys(routes), path);
  return m ? (routes[m.pattern] ?? []) : [];
}

/**
 * The API address the route at `path` shows first, its `{params}` filled from the address the way the
 * client's buildPath fills them (decoded by the router, then encoded), so the two addresses are equal.
 * Null when no route names one or the address does not decode.
 */
export function routeDataUrl(data: RouteData, path: string): string | null {
  const m = match(Object.keys(data), path);
  if (!m) return null;
  try {
    return data[m.pattern]!.replace(/\{(\w+)\}/g, (_, name: string) => {
      const v = m.params[name];
      if (!v) throw new Error(`no :${name}`);
      return encodeURIComponent(decodeURIComponent(v));
    });
  } catch {
    return null;
  }
}

function readJson<T>(id: string): T | null {
  const el = typeof document === 'undefined' ? null : document.getElementById(id);
  if (!el?.textContent) return null;
  try {
    return JSON.parse(el.textContent) as T;
  } catch {
    return null;
  }
}

const chunks = readJson<RouteChunks>('route-chunks');
if (chunks) {
  for (const href of routeFiles(chunks, location.pathname)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    link.crossOrigin = '';
    document.head.append(link);
  }
}
const data = readJson<RouteData>('route-data');
const early = data && routeDataUrl(data, location.pathname);
if (early) prefetch(early);
