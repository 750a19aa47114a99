import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The lazily loaded modules each first route renders (see web/src/app/lazyPages.ts). */
export const ROUTE_MODULES: Record<string, string[]> = {
  '/': ['src/features/landing/LandingPage.tsx'],
  '/login': ['src/features/auth/LoginPage.tsx'],
  '/forgot-password': ['src/features/auth/ForgotPasswordPage.tsx'],
  '/features': ['src/features/landing/InfoPage.tsx'],
  '/book-demo': ['src/features/demo/BookDemoPage.tsx'],
  '/signup': ['src/features/signup/SignupPage.tsx'],
  '/platform/dashboard': ['src/features/platform/PlatformPortal.tsx'],
  '/dashboard': ['src/features/shell/TenantApp.tsx', 'src/features/dashboard/DashboardPage.tsx'],
  '/inventory': ['src/features/shell/TenantApp.tsx', 'src/features/inventory/InventoryPage.tsx'],
  '/service/:token': ['src/features/services/PublicServicePage.tsx'],
};

/** Document budget of the issue: the landing and sign-in pages load at most 200 KB of gzip JS. */
export const FIRST_ROUTE_BUDGET_BYTES = 200_000;
const BUDGETED = ['/', '/login'];

const distDir = fileURLToPath(new URL('../dist/', import.meta.url));

/** The chunk files a module loads before it runs: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Not in the build manifest: ${key} (run vite build first)`);
  seen.add(key);
  for (const dep of chunk.imports ?? []) staticClosure(manifest, dep, seen);
  return seen;
}

export async function measureBundle(): Promise<object> {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entry) throw new Error('The manifest has no entry chunk');
  const sizes = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = (file: string) => {
    let s = sizes.get(file);
    if (!s) {
      const buf = readFileSync(join(distDir, file));
      s = { raw: buf.length, gzip: gzipSync(buf).length };
      sizes.set(file, s);
    }
    return s;
  };

  const routes: Record<string, { gzipBytes: number; rawBytes: number; gzipKB: number; chunks: number; withinBudget?: boolean }> = {};
  for (const [route, modules] of Object.entries(ROUTE_MODULES)) {
    const keys = new Set<string>();
    staticClosure(manifest, entry, keys);
    for (const m of modules) if (manifest[m]) staticClosure(manifest, m, keys);
    const files = [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
    const total = files.reduce((acc, f) => {
      const s = sizeOf(f);
      return { raw: acc.raw + s.raw, gzip: acc.gzip + s.gzip };
    }, { raw: 0, gzip: 0 });
    routes[route] = {
      gzipBytes: total.gzip,
      rawBytes: total.raw,
      gzipKB: Math.round((total.gzip / 1000) * 10) / 10,
      chunks: files.length,
      ...(BUDGETED.includes(route) ? { withinBudget: total.gzip <= FIRST_ROUTE_BUDGET_BYTES } : {}),
    };
  }
  return {
    name: 'web first-route JS (gzip)',
    budgetBytes: FIRST_ROUTE_BUDGET_BYTES,
    budgetedRoutes: BUDGETED,
    withinBudget: BUDGETED.every((r) => routes[r]?.withinBudget),
    routes,
  };
}
