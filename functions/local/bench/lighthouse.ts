import { newTenant, post } from './helpers.js';
import type { BenchContext, BenchMeasure } from './types.js';

/** docs/decisions/0221-first-load-route-preload-and-compression.md: the targets, printed beside the figures. */
export const LIGHTHOUSE_TARGETS = { performance: { desktop: 90, mobile: 75 }, accessibility: 100 } as const;

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'];
type FormFactor = 'desktop' | 'mobile';
interface Scores {
  performance: number | null;
  accessibility: number | null;
  /** Largest Contentful Paint and Total Blocking Time as Lighthouse models them (simulated throttling). */
  lcpMs: number | null;
  tbtMs: number | null;
  /** Lighthouse's own reason when it could not score the page (e.g. no paint within its timeout). */
  error?: string;
}

/**
 * One unmeasured fetch of each page and of the scripts its index.html names, so the first run does
 * not also pay for the local origin's first compression of each file (CloudFront keeps them cached).
 */
async function warmUp(url: string, paths: string[]): Promise<void> {
  const headers = { 'accept-encoding': 'br, gzip' };
  for (const path of paths) {
    const html = await (await fetch(`${url}${path}`, { headers })).text();
    const files = new Set([...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map((m) => m[0]));
    await Promise.all([...files].map(async (f) => (await fetch(`${url}${f}`, { headers })).arrayBuffer()));
  }
}

/** A share link of a fresh tenant's service: the public service page customers open. */
export async function publicServicePath(ctx: BenchContext): Promise<string> {
  const owner = await newTenant(ctx, 'lighthouse');
  const service = await post<{ id?: string; service?: { id: string } }>(
    `${ctx.url}/api/inventory/services`,
    {
      name: 'Sunset paddle',
      rate: '45',
      rateType: 'FIXED',
      availability: JSON.stringify([{ date: '2099-01-01', startTime: '10:00', endTime: '11:00', slotsAvailable: 3 }]),
    },
    owner,
  );
  const id = service.id ?? service.service?.id;
  const { shareToken } = await post<{ shareToken: string }>(
    `${ctx.url}/api/inventory/services/${id}/generate-share-link`,
    {},
    owner,
  );
  return `/service/${shareToken}`;
}

const score = (s: number | null | undefined) => (s == null ? null : Math.round(s * 100));
const ms = (v: number | undefined) => (v == null ? null : Math.round(v));

export const measures: BenchMeasure[] = [
  {
    name: 'lighthouse',
    description:
      'Lighthouse performance and accessibility (desktop and mobile presets, simulated throttling) of /, /login, /book-demo and a public service page, served compressed by the local runtime, in Debian chromium',
    measure: async (ctx) => {
      if (!ctx) return undefined;
      // Loaded here: the other bench files never pay for Lighthouse.
      const [{ default: lighthouse }, { default: desktopConfig }, chromeLauncher] = await Promise.all([
        import('lighthouse'),
        import('lighthouse/core/config/desktop-config.js'),
        import('chrome-launcher'),
      ]);
      const pages = { '/': '/', '/login': '/login', '/book-demo': '/book-demo', '/service/:token': '' };
      pages['/service/:token'] = await publicServicePath(ctx);
      await warmUp(ctx.url, Object.values(pages));
      const chrome = await chromeLauncher.launch({
        chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
        chromeFlags: CHROME_FLAGS,
      });
      const results: Record<string, Record<FormFactor, Scores>> = {};
      try {
        for (const [name, path] of Object.entries(pages)) {
          const row = {} as Record<FormFactor, Scores>;
          for (const form of ['desktop', 'mobile'] as const) {
            process.stderr.write(`  lighthouse ${form} ${name}\n`);
            const run = await lighthouse(
              `${ctx.url}${path}`,
              {
                port: chrome.port,
                logLevel: 'error',
                output: 'json',
                onlyCategories: ['performance', 'accessibility'],
              },
              form === 'desktop' ? desktopConfig : undefined,
            );
            const lhr = run?.lhr;
            row[form] = {
              performance: score(lhr?.categories.performance?.score),
              accessibility: score(lhr?.categories.accessibility?.score),
              lcpMs: ms(lhr?.audits['largest-contentful-paint']?.numericValue),
              tbtMs: ms(lhr?.audits['total-blocking-time']?.numericValue),
              ...(lhr?.runtimeError ? { error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
            };
          }
          results[name] = row;
        }
      } finally {
        await chrome.kill();
      }
      const t = LIGHTHOUSE_TARGETS;
      const meets = (r: Record<FormFactor, Scores>) =>
        (r.desktop.performance ?? 0) >= t.performance.desktop &&
        (r.mobile.performance ?? 0) >= t.performance.mobile &&
        r.desktop.accessibility === t.accessibility &&
        r.mobile.accessibility === t.accessibility;
      // One line per page with its targets, for a reader of the terminal; the JSON has the same.
      for (const [name, r] of Object.entries(results))
        process.stderr.write(
          `  ${name.padEnd(16)} perf desktop ${r.desktop.performance} (target ≥ ${t.performance.desktop}), mobile ${r.mobile.performance} (≥ ${t.performance.mobile}); a11y ${r.desktop.accessibility}/${r.mobile.accessibility} (= ${t.accessibility})  ${meets(r) ? 'ok' : 'BELOW TARGET'}\n`,
        );
      return {
        targets: t,
        meetsTargets: Object.values(results).every(meets),
        pages: Object.fromEntries(Object.entries(results).map(([k, r]) => [k, { ...r, meetsTargets: meets(r) }])),
      };
    },
  },
];
