import type { Key } from './keys.js';

/**
 * Where idempotency records live (in the manner of Powertools' persistence layer): the rules in
 * ./idempotency.ts talk only to this, so they are unit-tested against ./idempotency-memory.ts and run
 * on DynamoDB through ./idempotency-dynamodb.ts.
 */
export interface IdempotencyRecord {
  status: 'IN_PROGRESS' | 'COMPLETED';
  /** The request's fingerprint: another request under the same key is refused. */
  hash: string;
  /** IN_PROGRESS: until when (ms) the claim holds; after that another request may take it over. */
  lockedUntil?: number;
  /** When (epoch seconds) the record is gone for good (DynamoDB's TTL). */
  expiresAt: number;
  /** COMPLETED: the answer as sent, JSON. */
  response?: string;
}

export interface IdempotencyStore {
  get(key: Key): Promise<IdempotencyRecord | undefined>;
  /**
   * Writes an IN_PROGRESS record unless a live one holds the key: false when the key is held (a
   * COMPLETED record not yet expired, or an IN_PROGRESS one whose lock has not run out at `now`).
   */
  saveInProgress(
    key: Key,
    record: { hash: string; lockedUntil: number; expiresAt: number },
    now: number,
  ): Promise<boolean>;
  /** IN_PROGRESS → COMPLETED with `response`, only while the record still carries `hash`; throws otherwise. */
  complete(key: Key, hash: string, response: string): Promise<void>;
  /** Deletes the record only if it is still this request's claim (IN_PROGRESS with `hash`). */
  deleteInProgress(key: Key, hash: string): Promise<void>;
}

/** A record that holds its key at `now` (ms). */
export function holdsKey(r: IdempotencyRecord | undefined, now: number): boolean {
  if (!r || r.expiresAt < Math.floor(now / 1000)) return false;
  return r.status === 'COMPLETED' || (r.lockedUntil ?? 0) >= now;
}
