import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiProxy = process.env.VITE_API_PROXY;

export default defineConfig({
  root,
  plugins: [react()],
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
