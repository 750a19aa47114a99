import { holdsKey, type IdempotencyRecord, type IdempotencyStore } from './idempotency-store.js';
import type { Key } from './keys.js';

/** The idempotency store in a Map, for unit tests of the rules (the same conditions as the DynamoDB one). */
export function memoryIdempotencyStore(): IdempotencyStore & { records: Map<string, IdempotencyRecord> } {
  const records = new Map<string, IdempotencyRecord>();
  const id = (k: Key) => `${k.pk}\u0000${k.sk}`;
  return {
    records,
    async get(key) {
      const r = records.get(id(key));
      return r && { ...r };
    },
    async saveInProgress(key, record, now) {
      if (holdsKey(records.get(id(key)), now)) return false;
      records.set(id(key), { status: 'IN_PROGRESS', ...record });
      return true;
    },
    async complete(key, hash, response) {
      const r = records.get(id(key));
      if (r?.hash !== hash) throw new Error('The idempotency record is no longer this request’s');
      const { lockedUntil: _, ...rest } = r;
      records.set(id(key), { ...rest, status: 'COMPLETED', response });
    },
    async deleteInProgress(key, hash) {
      const r = records.get(id(key));
      if (r?.status === 'IN_PROGRESS' && r.hash === hash) records.delete(id(key));
    },
  };
}
