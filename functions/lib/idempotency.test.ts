import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.js';
import { memoryIdempotencyStore } from './idempotency-memory.js';
import {
  IDEMPOTENCY_MISMATCH,
  type IdempotencyClaim,
  idempotencyRowKey,
  idempotencyRules,
  LOCK_MS,
  WAIT_MS,
} from './idempotency.js';
import { trustedTenant } from './keys.js';

const scope = { routeId: 'services.book', tenant: trustedTenant('t1'), userId: 'u1' };
const KEY = 'key-00000001';

/** A clock that moves only when the rules sleep (or a test moves it). */
function fakeClock(start = Date.parse('2026-03-01T10:00:00Z')) {
  const clock = {
    t: start,
    slept: 0,
    now: () => clock.t,
    sleep: async (ms: number) => {
      clock.t += ms;
      clock.slept += ms;
    },
  };
  return clock;
}

function setup() {
  const store = memoryIdempotencyStore();
  const clock = fakeClock();
  return { store, clock, rules: idempotencyRules(store, clock) };
}

const ok = { statusCode: 201, headers: { 'content-type': 'application/json' }, body: '{"id":"r1"}' };

async function claimOf(p: Promise<{ claim: IdempotencyClaim } | { replay: unknown }>): Promise<IdempotencyClaim> {
  const r = await p;
  if (!('claim' in r)) throw new Error('expected a claim');
  return r.claim;
}

describe('idempotency rules (memory store)', () => {
  it('the first request claims the key IN_PROGRESS with the lock and the 24 h expiry', async () => {
    const { store, clock, rules } = setup();
    const claim = await claimOf(rules.begin(scope, KEY, 'h1'));
    expect(claim.key).toEqual(idempotencyRowKey(scope, KEY));
    expect(await store.get(claim.key)).toEqual({
      status: 'IN_PROGRESS',
      hash: 'h1',
      lockedUntil: clock.t + 35_000,
      expiresAt: Math.floor(clock.t / 1000) + 86_400,
    });
  });

  it('a finished 2xx answer is replayed to a repeat, marked as replayed, without a new claim', async () => {
    const { store, rules } = setup();
    const claim = await claimOf(rules.begin(scope, KEY, 'h1'));
    await rules.finish(claim, ok);
    expect((await store.get(claim.key))?.status).toBe('COMPLETED');
    expect(await rules.begin(scope, KEY, 'h1')).toEqual({
      replay: { ...ok, headers: { 'content-type': 'application/json', 'idempotent-replayed': 'true' } },
    });
  });

  it('another request under the same key is refused with 422, finished or running', async () => {
    const { rules } = setup();
    const claim = await claimOf(rules.begin(scope, KEY, 'h1'));
    const running = rules.begin(scope, KEY, 'h2');
    await expect(running).rejects.toMatchObject({ statusCode: 422, message: IDEMPOTENCY_MISMATCH });
    await rules.finish(claim, ok);
    await expect(rules.begin(scope, KEY, 'h2')).rejects.toBeInstanceOf(ApiError);
  });

  it('a non-2xx answer lets the key go: the retry runs again', async () => {
    const { store, rules } = setup();
    const claim = await claimOf(rules.begin(scope, KEY, 'h1'));
    await rules.finish(claim, { statusCode: 409, body: '{}' });
    expect(await store.get(claim.key)).toBeUndefined();
    expect('claim' in (await rules.begin(scope, KEY, 'h1'))).toBe(true);
  });

  it('a repeat of a running request waits for it and answers the same', async () => {
    const { rules, store, clock } = setup();
    const claim = await claimOf(rules.begin(scope, KEY, 'h1'));
    // The first request finishes while the duplicate is polling.
    clock.sleep = async (ms) => {
      clock.t += ms;
      clock.slept += ms;
      if (clock.slept > 500) await store.complete(claim.key, 'h1', JSON.stringify(ok));
    };
    const again = await rules.begin(scope, KEY, 'h1');
    expect(again).toEqual({ replay: { ...ok, headers: { ...ok.headers, 'idempotent-replayed': 'true' } } });
    expect(clock.slept).toBeGreaterThan(500);
    expect(clock.slept).toBeLessThan(WAIT_MS);
  });

  it('a duplicate gives up with 409 once WAIT_MS (20 s) has passed and the first is still running', async () => {
    const { rules, clock } = setup();
    await claimOf(rules.begin(scope, KEY, 'h1'));
    const start = clock.t;
    await expect(rules.begin(scope, KEY, 'h1')).rejects.toMatchObject({
      statusCode: 409,
      code: 'IdempotencyInProgress',
    });
    expect(clock.t - start).toBeGreaterThan(20_000);
    expect(clock.t - start).toBeLessThan(20_200);
  });

  it('a claim whose lock ran out (a crashed run) is taken over by the next request', async () => {
    const { rules, clock } = setup();
    const first = await claimOf(rules.begin(scope, KEY, 'h1'));
    clock.t += LOCK_MS + 1;
    const second = await claimOf(rules.begin(scope, KEY, 'h1'));
    expect(second.key).toEqual(first.key);
  });

  it('an expired COMPLETED record no longer answers: the request runs again', async () => {
    const { rules, clock } = setup();
    await rules.finish(await claimOf(rules.begin(scope, KEY, 'h1')), ok);
    clock.t += 86_400_000 + 1000;
    expect('claim' in (await rules.begin(scope, KEY, 'h2'))).toBe(true);
  });

  it('an answer that cannot be stored lets the key go instead of failing the request', async () => {
    const { rules, store } = setup();
    const claim = await claimOf(rules.begin(scope, KEY, 'h1'));
    store.complete = async () => {
      throw new Error('Item size has exceeded the maximum allowed size');
    };
    await expect(rules.finish(claim, ok)).resolves.toBeUndefined();
    expect(await store.get(claim.key)).toBeUndefined();
  });

  it('abandon releases only its own running claim, never a finished answer', async () => {
    const { rules, store } = setup();
    const claim = await claimOf(rules.begin(scope, KEY, 'h1'));
    await rules.finish(claim, ok);
    await rules.abandon(claim);
    expect((await store.get(claim.key))?.status).toBe('COMPLETED');
  });

  it('keys are per route, caller and tenant; public routes hash the client key', () => {
    expect(idempotencyRowKey(scope, KEY)).toEqual({ pk: 'T#t1', sk: `IDEMP#services.book#u1#${KEY}` });
    const pub = idempotencyRowKey({ routeId: 'public.book', tenant: null, userId: null }, KEY);
    expect(pub.sk).toBe('IDEMP');
    expect(pub.pk).toMatch(/^IDEMP#public\.book#[0-9a-f]{64}$/);
  });
});
