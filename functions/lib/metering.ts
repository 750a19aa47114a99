import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './db.js';
import { logger } from './logger.js';
import { stateOf, type ApiMiddleware } from './middlewares/types.js';

/**
 * Usage metering (docs/decisions/0191-platform-usage-metering.md) without a database write per request: each warm function adds every
 * API request to an in-memory tally per (hour, tenant): calls, errors (answers with status 500 or
 * above), total milliseconds; and flushes it at most every FLUSH_MS with one
 * `ADD` UpdateItem per tally row, started after a response and not awaited by any request.
 *
 * Rows: `pk = USAGE`, `sk = {yyyy-mm-ddThh}#{tenant | platform | public}` → `calls`, `errors`, `totalMs`.
 * What a crash can lose: the tallies not yet flushed, at most FLUSH_MS of one warm function's
 * requests (and a flush that fails is logged and dropped, not retried).
 */
export const FLUSH_MS = 30_000;
export const USAGE_PK = 'USAGE';
/**
 * Requests made with an API key are also tallied per key (R-SET-9): `pk = USAGE#APIKEY`,
 * `sk = {yyyy-mm-ddThh}#{tenant}#{key id}`, the same three counters (a separate partition, so the
 * per-tenant figures above do not count them twice).
 */
const API_KEY_USAGE_PK = 'USAGE#APIKEY';

interface Tally {
  calls: number;
  errors: number;
  totalMs: number;
}
let pending = new Map<string, Tally>();
let lastFlush = Date.now();
let flushing: Promise<void> | null = null;
const started = new WeakMap<object, number>();

function record(event: object, status: number | undefined): void {
  const t0 = started.get(event);
  if (t0 === undefined) return;
  started.delete(event);
  let who = 'public';
  let apiKey: string | undefined;
  try {
    const s = stateOf({ event: event as never });
    who = s.tenant ?? (s.auth?.tenantId ? s.auth.tenantId : s.auth ? 'platform' : 'public');
    apiKey = s.auth?.apiKey?.id;
  } catch {
    who = 'public';
  }
  const hour = new Date().toISOString().slice(0, 13);
  const ms = performance.now() - t0;
  const tally = (key: string) => {
    const t = pending.get(key) ?? { calls: 0, errors: 0, totalMs: 0 };
    t.calls += 1;
    if ((status ?? 200) >= 500) t.errors += 1;
    t.totalMs += ms;
    pending.set(key, t);
  };
  tally(`${USAGE_PK}|${hour}#${who}`);
  if (apiKey) tally(`${API_KEY_USAGE_PK}|${hour}#${who}#${apiKey}`);
  if (Date.now() - lastFlush >= FLUSH_MS && !flushing) flushing = flushUsage().finally(() => (flushing = null));
}

/** Writes the pending tallies (one ADD each). Tests and the local runtime call it directly. */
export async function flushUsage(): Promise<void> {
  const batch = pending;
  pending = new Map();
  lastFlush = Date.now();
  await Promise.all(
    [...batch].map(([row, t]) => {
      const [pk, sk] = row.split('|') as [string, string];
      return db()
        .send(
          new UpdateCommand({
            TableName: tableName(),
            Key: { pk, sk },
            UpdateExpression: 'ADD calls :c, errors :e, totalMs :m',
            ExpressionAttributeValues: { ':c': t.calls, ':e': t.errors, ':m': Math.round(t.totalMs * 1000) / 1000 },
          }),
        )
        .catch((e: unknown) => logger.warn('usage flush failed', { error: e as Error, sk }));
    }),
  );
}

let enabled = true;
/** The bench's switch (functions/local/bench/platform.ts measures a request with and without metering). */
export function setMeteringEnabled(on: boolean): void {
  enabled = on;
}

/** Pipeline step (first after the error handler): times the request and tallies its outcome. */
export function metering(): ApiMiddleware {
  return {
    before: (request) => {
      if (enabled) started.set(request.event, performance.now());
    },
    after: (request) => record(request.event, request.response?.statusCode),
    onError: (request) => record(request.event, request.response?.statusCode ?? 500),
  };
}
