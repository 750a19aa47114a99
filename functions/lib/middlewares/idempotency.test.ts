import { beforeEach, describe, expect, it, vi } from 'vitest';
import { claims, request, unitConfig } from '../../testing/middleware.js';
import { trustedTenant } from '../keys.js';
import { idempotency } from './idempotency.js';

// The DynamoDB store swapped for the in-memory one: this tests the step, ../idempotency.test.ts the rules.
const memory = vi.hoisted(() => ({ store: undefined as unknown }));
vi.mock('../idempotency-dynamodb.js', async () => {
  const { memoryIdempotencyStore } = await import('../idempotency-memory.js');
  memory.store = memoryIdempotencyStore();
  return { dynamoIdempotencyStore: memory.store };
});
const records = () => (memory.store as { records: Map<string, { status: string }> }).records;

const ROUTE = 'users.invite'; // idempotent in the contract
const answer = { statusCode: 201, headers: { 'content-type': 'application/json' }, body: '{"id":"n1"}' };

function send(routeId: string, key?: string, body: unknown = { email: 'new@example.com' }) {
  const { req, state } = request(routeId, {
    auth: claims(),
    tenant: trustedTenant('t1'),
    event: { headers: key ? { 'idempotency-key': key } : {} },
  });
  state.body = body;
  return req;
}

describe('idempotency step', () => {
  beforeEach(async () => {
    unitConfig();
    await import('../idempotency-dynamodb.js'); // the step loads the store on first use; the test reads it before
    records().clear();
  });

  it('the first request runs; its 2xx answer is stored; a repeat answers it without running', async () => {
    const step = idempotency();
    const first = send(ROUTE, 'key-00000001');
    expect(await step.before!(first)).toBeUndefined();
    first.response = answer;
    await step.after!(first);
    expect([...records().values()].map((r) => r.status)).toEqual(['COMPLETED']);

    const again = send(ROUTE, 'key-00000001');
    expect(await step.before!(again)).toEqual({
      ...answer,
      headers: { ...answer.headers, 'idempotent-replayed': 'true' },
    });
  });

  it('an error lets the key go, so the retry runs again', async () => {
    const step = idempotency();
    const first = send(ROUTE, 'key-00000002');
    await step.before!(first);
    await step.onError!(first);
    expect(records().size).toBe(0);
    expect(await step.before!(send(ROUTE, 'key-00000002'))).toBeUndefined();
  });

  it('the same key with another body is a 422', async () => {
    const step = idempotency();
    const first = send(ROUTE, 'key-00000003');
    await step.before!(first);
    first.response = answer;
    await step.after!(first);
    await expect(step.before!(send(ROUTE, 'key-00000003', { email: 'other@example.com' }))).rejects.toMatchObject({
      statusCode: 422,
    });
  });

  it('without a key, on a route not marked idempotent, or with a malformed key: nothing stored / 400', async () => {
    const step = idempotency();
    expect(await step.before!(send(ROUTE))).toBeUndefined();
    expect(await step.before!(send('reservations.list', 'key-00000004'))).toBeUndefined();
    expect(records().size).toBe(0);
    await expect(step.before!(send(ROUTE, 'bad key!'))).rejects.toMatchObject({ statusCode: 400 });
  });
});
