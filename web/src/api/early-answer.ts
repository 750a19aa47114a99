/**
 * A public page's first API answer, requested before the app runs (R-PLAT-11): the first screen's
 * preloader (app/route-preload.ts, loaded ahead of the main bundle) starts the request and the API
 * client (./client.ts) takes it once instead of asking again. Plain fetch: the typed client would bring
 * the route table into the preloader, which must stay a few hundred bytes. Imported only by the
 * preloader, so it travels in the preloader's chunk; the client reaches it through the preloader.
 */

/** An early answer is for the page's first load only: one taker, and not after this long. */
const PREFETCH_TTL_MS = 30_000;
const prefetched = new Map<string, { answer: Promise<Response>; at: number }>();

/** Starts a bare GET of `url` (no session, as a public page's client sends it) for a later `takePrefetched`. */
export function prefetch(url: string): void {
  const answer = fetch(url, { headers: { accept: 'application/json' } });
  // Whoever takes it sees the failure; left untaken, it must not be an unhandled rejection.
  answer.catch(() => {});
  prefetched.set(url, { answer, at: Date.now() });
}

/** The early answer for `url`, once; undefined when there is none (or it is stale). */
export function takePrefetched(url: string): Promise<Response> | undefined {
  const p = prefetched.get(url);
  prefetched.delete(url);
  return p && Date.now() - p.at <= PREFETCH_TTL_MS ? p.answer : undefined;
}
