import type { Options } from 'autocannon';

/**
 * What a bench file may declare. Every `functions/local/bench/<area>.ts` (except this file and
 * helpers.ts) is loaded by `functions/local/bench.ts` and may export:
 * - `cases: BenchCase[]`: HTTP load cases; each gets the running local runtime and a signed-in
 *   platform admin, and returns the request autocannon repeats (it may first create the rows it reads);
 * - `measures: BenchMeasure[]`: anything else worth a figure (bundle sizes, derived ratios). They run
 *   after the HTTP cases, see their results, and add one key each to the JSON.
 * Names are the JSON keys: keep them unique across files (bench.ts refuses duplicates).
 */
export interface BenchContext {
  url: string;
  admin: { email: string; password: string; token: string };
}

export interface BenchCase {
  name: string;
  description: string;
  request(ctx: BenchContext): Promise<Pick<Options, 'url' | 'method' | 'headers' | 'body'>>;
}

export interface BenchMeasure {
  name: string;
  description: string;
  /** False when the measure needs no running local runtime (it then also runs with BENCH_CASES naming only measures). */
  needsRuntime?: boolean;
  /** Returns the value stored under `name`; `undefined` leaves the key out (e.g. a ratio whose inputs did not run). */
  measure(ctx: BenchContext | undefined, results: Readonly<Record<string, unknown>>): Promise<unknown>;
}

export interface CaseResult {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  requests: number;
}
