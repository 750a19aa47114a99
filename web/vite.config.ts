import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import react from '@vitejs/plugin-react';
import { ROUTE_TABLE } from '../shared/contract/route-table.js';
import { ROUTES } from './bench/bundle-size.js';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiProxy = process.env.VITE_API_PROXY;
const PRELOADER = 'src/app/route-preload.ts';

/**
 * What a public route's first paint waits for beyond its page's static chunks: the API answer it shows
 * and the modules that decode that answer (a dynamic import of the page). route-preload.ts requests
 * the answer and the build adds the modules to the route's preloads, so neither waits for the main
 * bundle to have run (issue 27 item 11: the share page's LCP on mobile).
 */
const ROUTE_DATA: Record<string, { api: keyof typeof ROUTE_TABLE; modules: string[] }> = {
  // The share page decodes its answer without zod (services/api/decode-public.ts): nothing more to preload.
  '/service/:token': { api: 'services.publicGet', modules: [] },
};

/**
 * Issue 27 item 9: a public page's own chunks start downloading with the main bundle, not after it
 * has run. The build writes each public route's chunks (its page and the page's static imports that
 * the main bundle does not already load; the routes of web/bench/bundle-size.ts) into index.html, and
 * a tiny module loaded ahead of the main bundle (src/app/route-preload.ts) adds `modulepreload`
 * links for the address's route. The CSP allows no inline script, so the table is JSON data.
 */
function routePreload(): Plugin {
  const chunks = (bundle: OutputBundle) =>
    Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  return {
    name: 'route-preload',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'chunk', id: `${root}${PRELOADER}`, name: 'route-preload' });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle || !ctx.chunk) return;
        const all = chunks(ctx.bundle);
        const byFile = new Map(all.map((c) => [c.fileName, c]));
        const closure = (start: OutputChunk, into = new Set<string>()) => {
          if (into.has(start.fileName)) return into;
          into.add(start.fileName);
          for (const f of start.imports) {
            const c = byFile.get(f);
            if (c) closure(c, into);
          }
          return into;
        };
        const main = closure(ctx.chunk);
        const table: Record<string, string[]> = {};
        const data: Record<string, string> = {};
        for (const [path, { modules, kind }] of Object.entries(ROUTES)) {
          if (kind !== 'public') continue;
          const files = new Set<string>();
          const extra = ROUTE_DATA[path];
          for (const m of [...modules, ...(extra?.modules ?? [])]) {
            const page = all.find((c) => c.facadeModuleId === `${root}${m}` || c.moduleIds.includes(`${root}${m}`));
            if (page) closure(page, files);
            else if (extra?.modules.includes(m)) throw new Error(`route-preload: ${m} (ROUTE_DATA of ${path}) is in no chunk`);
          }
          table[path] = [...files].filter((f) => !main.has(f)).map((f) => `/${f}`);
          if (extra) data[path] = ROUTE_TABLE[extra.api].path;
        }
        // The chunk holding the module, not its entry facade: the main bundle imports it too (the API
        // client takes its early answer), and a facade would cost one more request before it runs.
        const preloader = all.find((c) => c.moduleIds.includes(`${root}${PRELOADER}`));
        if (!preloader) return;
        return [
          { tag: 'script', attrs: { type: 'application/json', id: 'route-chunks' }, children: JSON.stringify(table), injectTo: 'head' },
          { tag: 'script', attrs: { type: 'application/json', id: 'route-data' }, children: JSON.stringify(data), injectTo: 'head' },
          { tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src: `/${preloader.fileName}` }, injectTo: 'head-prepend' },
        ];
      },
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), routePreload()],
  server: {
    // *.localhost host names are how tenants are reached locally.
    allowedHosts: ['.localhost'],
    proxy: apiProxy
      ? {
          '/api': { target: apiProxy, changeOrigin: false },
          '/public': { target: apiProxy, changeOrigin: false },
        }
      : undefined,
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The bundle-size bench walks each route's chunk graph from the manifest.
    manifest: true,
    chunkSizeWarningLimit: 1200,
  },
});
