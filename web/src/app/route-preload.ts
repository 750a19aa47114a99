/**
 * The first screen's chunks, fetched while the main bundle downloads and runs instead of after it
 * (docs/decisions/first-load-route-preload-and-compression.md): the route table `routePreload()` (web/vite.config.ts) writes into index.html as
 * `<script type="application/json" id="route-chunks">`, matched against the address. A standalone
 * module without imports, loaded `async` ahead of the main bundle. Public pages only: a signed-in
 * screen depends on the session, which only the app knows. A path that another screen takes after all
 * (a tenant host's `/` shows the sign-in page) costs one small wasted fetch.
 */
export type RouteChunks = Record<string, string[]>;

/** The files of the first pattern (`/`, `/login`, `/service/:token`) that matches `path` segment by segment. */
export function routeFiles(routes: RouteChunks, path: string): string[] {
  const segs = path.split('/').filter(Boolean);
  for (const [pattern, files] of Object.entries(routes)) {
    const parts = pattern.split('/').filter(Boolean);
    if (parts.length === segs.length && parts.every((p, i) => p.startsWith(':') || p === segs[i])) return files;
  }
  return [];
}

const table = typeof document === 'undefined' ? null : document.getElementById('route-chunks');
if (table?.textContent) {
  for (const href of routeFiles(JSON.parse(table.textContent) as RouteChunks, location.pathname)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    link.crossOrigin = '';
    document.head.append(link);
  }
}
