import { createHash } from 'node:crypto';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { ApiError, badRequest } from './errors.js';
import { dynamoIdempotencyStore } from './idempotency-dynamodb.js';
import type { IdempotencyStore } from './idempotency-store.js';
import { keys, type Key, type TenantId } from './keys.js';
import { logger } from './logger.js';

/**
 * Idempotent requests (docs/decisions/0004-idempotent-submissions.md). A client that sends `Idempotency-Key` on
 * a route the contract marks `idempotent` gets, for every retry of the same request (same route,
 * same caller, same params/query/body hash), the first answer, and nothing is written again:
 *
 * - the first request claims an IDEMP row with a conditional put (status IN_PROGRESS, the request
 *   hash, a lock of LOCK_MS) and runs; a 2xx answer is stored on the row (COMPLETED, TTL 24 h);
 *   an error or a non-2xx answer deletes the row, so a retry runs again;
 * - a duplicate that finds COMPLETED gets the stored answer (header `idempotent-replayed: true`);
 * - a duplicate that finds IN_PROGRESS waits (polls the row) until the first finishes, then answers
 *   the same; so ten parallel sends of one booking give one reservation and ten identical answers;
 * - the same key with a different request is refused with 422.
 *
 * Rows: tenant routes `pk = T#{tenant}`, `sk = IDEMP#{routeId}#{userId}#{key}`; public routes
 * `pk = IDEMP#{routeId}#{sha256(key)}`, `sk = IDEMP`. `expiresAt` (TTL) 24 h after the claim.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
/** How long a claim holds without finishing before another request may take it over (crashed run). Above the Lambda timeout. */
export const LOCK_MS = 35_000;
/** How long a duplicate waits for the first request to finish before answering 409. */
export const WAIT_MS = 20_000;
const POLL_MS = 60;
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

export const IDEMPOTENCY_MISMATCH =
  'This Idempotency-Key was already used for a different request. Use a new key for a new request.';
export const IDEMPOTENCY_BUSY = 'A request with this Idempotency-Key is still being processed. Please retry shortly.';

export interface IdempotencyScope {
  routeId: string;
  tenant: TenantId | null;
  userId: string | null;
}

export interface IdempotencyClaim {
  key: Key;
  hash: string;
}

type StoredResponse = APIGatewayProxyStructuredResultV2;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The request's fingerprint: route input after validation, in a stable form. */
export function requestHash(input: { params?: unknown; query?: unknown; body?: unknown }): string {
  return sha256(JSON.stringify([input.params ?? null, input.query ?? null, input.body ?? null]));
}

export function clientKey(headers: Record<string, string | undefined> | undefined): string | undefined {
  const v = headers?.[IDEMPOTENCY_HEADER];
  if (v === undefined || v === '') return undefined;
  if (!KEY_PATTERN.test(v)) throw badRequest('Idempotency-Key must be 8 to 128 letters, digits, "-", "_", "." or ":"');
  return v;
}

export function idempotencyRowKey(scope: IdempotencyScope, key: string): Key {
  if (scope.tenant) return keys.entity(scope.tenant, 'IDEMP', `${scope.routeId}#${scope.userId ?? '-'}#${key}`);
  return { pk: `IDEMP#${scope.routeId}#${sha256(key)}`, sk: 'IDEMP' };
}

export interface IdempotencyClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: IdempotencyClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
};

/** The rules over any store (unit tests: ./idempotency-memory.ts and a fake clock). */
export function idempotencyRules(store: IdempotencyStore, clock: IdempotencyClock = realClock) {
  /**
   * Claims the key for this request, or returns the stored answer of the same request. Throws 422
   * for another request under the same key, 409 when the first is still running after WAIT_MS.
   */
  async function begin(
    scope: IdempotencyScope,
    key: string,
    hash: string,
  ): Promise<{ claim: IdempotencyClaim } | { replay: StoredResponse }> {
    const rowKey = idempotencyRowKey(scope, key);
    const deadline = clock.now() + WAIT_MS;
    for (;;) {
      const now = clock.now();
      const record = { hash, lockedUntil: now + LOCK_MS, expiresAt: Math.floor(now / 1000) + IDEMPOTENCY_TTL_SECONDS };
      if (await store.saveInProgress(rowKey, record, now)) return { claim: { key: rowKey, hash } };
      const held = await store.get(rowKey);
      if (!held) continue; // the first request failed and let go: try to claim again
      if (held.hash !== hash) throw new ApiError(422, 'IdempotencyKeyReused', IDEMPOTENCY_MISMATCH);
      if (held.status === 'COMPLETED' && held.response !== undefined) {
        const stored = JSON.parse(held.response) as StoredResponse;
        return { replay: { ...stored, headers: { ...stored.headers, 'idempotent-replayed': 'true' } } };
      }
      if (clock.now() > deadline) throw new ApiError(409, 'IdempotencyInProgress', IDEMPOTENCY_BUSY);
      await clock.sleep(POLL_MS + Math.random() * POLL_MS);
    }
  }

  /** Stores a 2xx answer for the retries; any other outcome lets the key go so a retry runs again. */
  async function finish(claim: IdempotencyClaim, response: StoredResponse | undefined): Promise<void> {
    const ok =
      response && typeof response.statusCode === 'number' && response.statusCode >= 200 && response.statusCode < 300;
    if (!ok) return abandon(claim);
    try {
      await store.complete(claim.key, claim.hash, JSON.stringify(response));
    } catch (e) {
      // Too large to keep (DynamoDB's 400 KB) or taken over after a very slow run: the answer still goes out.
      logger.warn('Could not store the idempotent answer', { error: e as Error });
      await abandon(claim);
    }
  }

  async function abandon(claim: IdempotencyClaim): Promise<void> {
    try {
      await store.deleteInProgress(claim.key, claim.hash);
    } catch (e) {
      logger.warn('Could not release an idempotency key', { error: e as Error });
    }
  }

  return { begin, finish, abandon };
}

const onDynamo = idempotencyRules(dynamoIdempotencyStore);
export const beginIdempotent = onDynamo.begin;
export const finishIdempotent = onDynamo.finish;
export const abandonIdempotent = onDynamo.abandon;
