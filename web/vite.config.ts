import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import react from '@vitejs/plugin-react';
import { ROUTES } from './bench/bundle-size.js';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiProxy = process.env.VITE_API_PROXY;
const PRELOADER = 'src/app/route-preload.ts';

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
        for (const [path, { modules, kind }] of Object.entries(ROUTES)) {
          if (kind !== 'public') continue;
          const files = new Set<string>();
          for (const m of modules) {
            const page = all.find((c) => c.facadeModuleId === `${root}${m}`);
            if (page) closure(page, files);
          }
          table[path] = [...files].filter((f) => !main.has(f)).map((f) => `/${f}`);
        }
        const preloader = all.find((c) => c.facadeModuleId === `${root}${PRELOADER}`);
        if (!preloader) return;
        return [
          { tag: 'script', attrs: { type: 'application/json', id: 'route-chunks' }, children: JSON.stringify(table), injectTo: 'head' },
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
