import { json, post } from './helpers.js';
import { publicServicePath } from './lighthouse.js';
import type { BenchContext, BenchMeasure } from './types.js';

/**
 * R-PLAT-11: first-load JavaScript "measured in Chromium (gzip, the page's own idle-time
 * prefetch not counted)", beside the static figure web/bench/bundle-size.ts reads from the build
 * manifest. Each page opens in a fresh browser context (empty HTTP cache) against the bench's local
 * runtime, which compresses like CloudFront (functions/local/static.ts); the browser is told to accept
 * gzip only, so the bytes are gzip bytes as in the budget. Counted: the encoded (compressed) body bytes
 * of every JavaScript response requested before the page settles (its load event, then no request for
 * 500 ms). Not counted: what the page fetches for later at idle time — `requestIdleCallback` never calls
 * back here (usePreload, web/src/app/deferred.ts, waits for it) and `<link rel=prefetch>` requests are
 * left out — while `modulepreload`s of the first screen (web/src/app/route-preload.ts) count.
 * docs/decisions/0221-first-load-route-preload-and-compression.md.
 */

const CHROME_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const SETTLE_MS = 1000;

/** No idle time ever comes: what a page defers to it is not first-load code. */
const NO_IDLE_CALLBACKS = `
  window.requestIdleCallback = () => 0;
  window.cancelIdleCallback = () => {};
`;

interface PageFigure {
  kind: 'public' | 'app';
  /** JavaScript bytes as they travelled (gzip), and how many responses. */
  chromiumGzipKB: number;
  jsResponses: number;
  /** The manifest's figure for the same route (web/bench/bundle-size.ts), for comparison. */
  staticGzipKB: number | null;
  budgetKB: number;
  withinBudget: boolean;
}

const kb = (bytes: number) => Math.round((bytes / 1000) * 10) / 10;

/** An organization made the way a real one is (invitation, sign-up); sign-up's answer signs its owner in. */
async function tenantLoginUrl(ctx: BenchContext): Promise<string> {
  const email = `bench-firstload-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'Bench-Owner-Pass-1';
  const { invitation } = await post<{ invitation: { inviteUrl: string } }>(
    `${ctx.url}/api/platform/invitations`,
    { firstName: 'Bench', lastName: 'Owner', email },
    ctx.admin.token,
  );
  const res = await fetch(`${ctx.url}/api/signup/complete`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      token: new URL(invitation.inviteUrl).searchParams.get('token'),
      organizationName: `Bench first load ${Date.now().toString(36)}`,
      phone: '(555) 000-0000',
      password,
      confirmPassword: password,
    }),
  });
  if (!res.ok) throw new Error(`sign-up → ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { loginUrl: string }).loginUrl;
}

export const measures: BenchMeasure[] = [
  {
    name: 'chromiumFirstLoad',
    description:
      'first-load JavaScript (gzip bytes on the wire, idle-time prefetch not counted) of /, /login, /book-demo, a public service page, and a signed-in /dashboard and /reservations, in Debian chromium against the local runtime',
    measure: async (ctx) => {
      if (!ctx) return undefined;
      // Loaded here: the other bench files never pay for them.
      const [{ chromium }, { BUDGET_BYTES, ROUTES, measureBundle }] = await Promise.all([
        import('playwright-core'),
        import('../../../web/bench/bundle-size.js'),
      ]);
      const statics = (await measureBundle()) as { routes: Record<string, { gzipKB: number }> };
      const browser = await chromium.launch({
        executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
        headless: true,
        args: CHROME_ARGS,
      });
      try {
        const contextOptions = {
          viewport: { width: 1366, height: 900 },
          extraHTTPHeaders: { 'accept-encoding': 'gzip' },
        };
        // The signed-in pages: the owner's session, carried into each fresh context as stored state.
        const loginUrl = await tenantLoginUrl(ctx);
        const tenantOrigin = new URL(loginUrl).origin;
        const signIn = await browser.newContext(contextOptions);
        const first = await signIn.newPage();
        await first.goto(loginUrl);
        await first.waitForURL(`${tenantOrigin}/dashboard`, { timeout: 60_000 });
        const session = await signIn.storageState();
        await signIn.close();

        const pages: [route: string, url: string, signedIn: boolean][] = [
          ['/', `${ctx.url}/`, false],
          ['/login', `${ctx.url}/login`, false],
          ['/book-demo', `${ctx.url}/book-demo`, false],
          ['/service/:token', `${ctx.url}${await publicServicePath(ctx)}`, false],
          ['/dashboard', `${tenantOrigin}/dashboard`, true],
          ['/reservations', `${tenantOrigin}/reservations`, true],
        ];
        const figures: Record<string, PageFigure> = {};
        for (const [route, url, signedIn] of pages) {
          process.stderr.write(`  chromium first load ${route}\n`);
          const context = await browser.newContext({
            ...contextOptions,
            ...(signedIn ? { storageState: session } : {}),
          });
          await context.addInitScript(NO_IDLE_CALLBACKS);
          const page = await context.newPage();
          let settled = false;
          let lastScript = Date.now();
          let pending = 0;
          const js: Promise<number>[] = [];
          const counted = (req: import('playwright-core').Request) =>
            req.resourceType() === 'script' && !/prefetch/i.test(req.headers()['sec-purpose'] ?? '');
          page.on('request', (req) => {
            if (settled || !counted(req)) return;
            lastScript = Date.now();
            pending++;
            js.push(
              req
                .response()
                .then((r) => r?.finished())
                .then(() => req.sizes())
                .then((s) => {
                  // BENCH_LIST_SCRIPTS=1: which files make a page's figure (to find what to defer).
                  if (process.env.BENCH_LIST_SCRIPTS) process.stderr.write(`    ${s.responseBodySize}\t${req.url()}\n`);
                  return s.responseBodySize;
                })
                .finally(() => pending--),
            );
          });
          await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
          // Settled: no script in flight and none requested for a second (live updates keep the
          // network busy on signed-in pages, so "network idle" may never come).
          const deadline = Date.now() + 30_000;
          while (Date.now() < deadline && (pending > 0 || Date.now() - lastScript < SETTLE_MS))
            await new Promise((r) => setTimeout(r, 100));
          settled = true;
          const bytes = (await Promise.all(js)).reduce((a, b) => a + b, 0);
          const kind = ROUTES[route]?.kind ?? 'public';
          figures[route] = {
            kind,
            chromiumGzipKB: kb(bytes),
            jsResponses: js.length,
            staticGzipKB: statics.routes[route]?.gzipKB ?? null,
            budgetKB: BUDGET_BYTES[kind] / 1000,
            withinBudget: bytes <= BUDGET_BYTES[kind],
          };
          await context.close();
        }
        for (const [route, f] of Object.entries(figures))
          process.stderr.write(
            `  ${route.padEnd(16)} ${f.kind.padEnd(6)} chromium ${String(f.chromiumGzipKB).padStart(6)} KB (${f.jsResponses} responses), static ${String(f.staticGzipKB).padStart(6)} KB, budget ${f.budgetKB} KB  ${f.withinBudget ? 'ok' : 'OVER'}\n`,
          );
        return {
          budgetBytes: BUDGET_BYTES,
          withinBudget: Object.values(figures).every((f) => f.withinBudget),
          pages: figures,
        };
      } finally {
        await browser.close();
      }
    },
  },
];
