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

/** A route of the router: its lazily loaded modules (see app/lazyPages.ts, shell/TenantApp.tsx) and its budget. */
export interface RouteEntry {
  modules: string[];
  kind: 'public' | 'app';
}

const TENANT = 'src/features/shell/TenantApp.tsx';
const app = (...modules: string[]): RouteEntry => ({ modules: [TENANT, ...modules], kind: 'app' });
const pub = (...modules: string[]): RouteEntry => ({ modules, kind: 'public' });

/**
 * Every route of the router (RootRoutes and TenantApp; bundle-size.test.ts fails when a path there
 * is missing here). Info pages share one module; '/features' stands for all of them.
 */
export const ROUTES: Record<string, RouteEntry> = {
  '/': pub('src/features/landing/LandingPage.tsx'),
  '/login': pub('src/features/auth/LoginPage.tsx'),
  '/forgot-password': pub('src/features/auth/ForgotPasswordPage.tsx'),
  '/sign-in-link/:token': pub('src/features/auth/SignInLinkPage.tsx'),
  '/features': pub('src/features/landing/InfoPage.tsx'),
  '/book-demo': pub('src/features/demo/BookDemoPage.tsx'),
  '/signup': pub('src/features/signup/SignupPage.tsx'),
  '/setup-account/:setupToken': pub('src/features/setup-account/SetupAccountPage.tsx'),
  '/service/:token': pub('src/features/services/PublicServicePage.tsx'),
  '/service/:token/offer/:offerToken': pub('src/features/services/WaitlistOfferPage.tsx'),
  '/service/:token/leave/:leaveToken': pub('src/features/services/WaitlistOfferPage.tsx'),
  '/service/:token/confirm/:confirmToken': pub('src/features/services/WaitlistOfferPage.tsx'),
  '/confirm-email/:token': pub('src/features/confirm-email/ConfirmEmailPage.tsx'),
  '/booking/cancel/:token': pub('src/features/booking-cancel/BookingCancelPage.tsx'),
  '/report-mail/:action/:token': pub('src/features/report-mail/ReportMailPage.tsx'),
  '/platform/dashboard': { modules: ['src/features/platform/PlatformPortal.tsx'], kind: 'app' },
  '/dashboard': app('src/features/dashboard/DashboardPage.tsx'),
  '/inventory': app('src/features/inventory/InventoryPage.tsx'),
  '/customers': app('src/features/customers/CustomersPage.tsx'),
  '/reservations': app('src/features/reservations/ReservationsPage.tsx'),
  '/timesheets': app('src/features/timesheets/TimesheetsPage.tsx'),
  '/reports': app('src/features/reports/ReportsPage.tsx'),
  '/employees': app('src/features/employees/EmployeesPage.tsx'),
  '/employees/:id': app('src/features/employees/EmployeeDetailPage.tsx'),
  '/storefront/*': app('src/features/storefront/StorefrontRoutes.tsx'),
  // The store settings' section pages load with their route (StorefrontRoutes' lazy seam).
  '/storefront/contact': app('src/features/storefront/StorefrontRoutes.tsx', 'src/features/storefront/ContactPage.tsx'),
  '/storefront/hours': app('src/features/storefront/StorefrontRoutes.tsx', 'src/features/storefront/HoursPage.tsx'),
  '/storefront/taxes': app('src/features/storefront/StorefrontRoutes.tsx', 'src/features/storefront/TaxesPage.tsx'),
  '/storefront/permissions': app(
    'src/features/storefront/StorefrontRoutes.tsx',
    'src/features/storefront/PermissionsPage.tsx',
  ),
  '/storefront/notifications': app(
    'src/features/storefront/StorefrontRoutes.tsx',
    'src/features/storefront/NotificationsPage.tsx',
  ),
  '/storefront/api': app('src/features/storefront/StorefrontRoutes.tsx', 'src/features/storefront/ApiWebhooksPage.tsx'),
};
/** Kept for older readers of the bench output. */
export const ROUTE_MODULES: Record<string, string[]> = Object.fromEntries(
  Object.entries(ROUTES).map(([r, e]) => [r, e.modules]),
);

/** Issue 10: first-load JS gzip at most 200 KB on public pages and 250 KB on app pages. */
export const BUDGET_BYTES = { public: 200_000, app: 250_000 } as const;
export const FIRST_ROUTE_BUDGET_BYTES = BUDGET_BYTES.public;

const distDir = process.env.BENCH_DIST
  ? `${process.env.BENCH_DIST.replace(/\/$/, '')}/`
  : fileURLToPath(new URL('../dist/', import.meta.url));

/** The chunk files a module loads before it runs: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Not in the build manifest: ${key} (run vite build first)`);
  seen.add(key);
  for (const dep of chunk.imports ?? []) staticClosure(manifest, dep, seen);
  return seen;
}

/**
 * The manifest key of a source module. A page that another chunk also imports statically (a feature's
 * index re-exporting from it) is merged into a shared chunk, keyed `_<Name>-<hash>.js` with no `src`:
 * then the one chunk named after the file stands for it.
 */
function resolveModule(manifest: Manifest, module: string): string | undefined {
  if (manifest[module]) return module;
  const name = module.replace(/^.*\//, '').replace(/\.[jt]sx?$/, '');
  const named = Object.keys(manifest).filter((k) => (manifest[k] as ManifestChunk & { name?: string }).name === name);
  return named.length === 1 ? named[0] : undefined;
}

export async function measureBundle(): Promise<object> {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  // index.html's chunk: route-preload.ts (web/vite.config.ts) is an entry of its own, loaded beside it.
  const entry = manifest['index.html']?.isEntry
    ? 'index.html'
    : Object.keys(manifest).find((k) => manifest[k]?.isEntry);
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

  const routes: Record<
    string,
    {
      kind: string;
      gzipBytes: number;
      rawBytes: number;
      gzipKB: number;
      budgetKB: number;
      chunks: number;
      withinBudget: boolean;
      missing?: string[];
    }
  > = {};
  for (const [route, { modules, kind }] of Object.entries(ROUTES)) {
    const keys = new Set<string>();
    staticClosure(manifest, entry, keys);
    const resolved = modules.map((m) => [m, resolveModule(manifest, m)] as const);
    const missing = resolved.filter(([, k]) => !k).map(([m]) => m);
    for (const [, k] of resolved) if (k) staticClosure(manifest, k, keys);
    const files = [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
    const total = files.reduce(
      (acc, f) => {
        const s = sizeOf(f);
        return { raw: acc.raw + s.raw, gzip: acc.gzip + s.gzip };
      },
      { raw: 0, gzip: 0 },
    );
    routes[route] = {
      kind,
      gzipBytes: total.gzip,
      rawBytes: total.raw,
      gzipKB: Math.round((total.gzip / 1000) * 10) / 10,
      budgetKB: BUDGET_BYTES[kind] / 1000,
      chunks: files.length,
      withinBudget: total.gzip <= BUDGET_BYTES[kind] && missing.length === 0,
      ...(missing.length ? { missing } : {}),
    };
  }
  return {
    name: 'web first-route JS (gzip), every route',
    budgetBytes: BUDGET_BYTES,
    withinBudget: Object.values(routes).every((r) => r.withinBudget),
    routes,
  };
}

/** `vite build --config web/vite.config.ts && tsx web/bench/bundle-size.ts`: the table, and exit 1 over budget. */
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const r = (await measureBundle()) as {
    withinBudget: boolean;
    routes: Record<string, { kind: string; gzipKB: number; budgetKB: number; chunks: number; withinBudget: boolean }>;
  };
  for (const [route, v] of Object.entries(r.routes))
    console.info(
      `${route.padEnd(28)} ${v.kind.padEnd(7)} ${String(v.gzipKB).padStart(6)} KB / ${v.budgetKB} KB  ${v.chunks} chunks  ${v.withinBudget ? 'ok' : 'OVER'}`,
    );
  if (!r.withinBudget) process.exit(1);
}
