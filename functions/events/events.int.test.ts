import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../lib/db.js';
import { liveEventPut } from '../lib/live-events.js';
import { sessionFor } from '../testing/fixtures.js';
import { call, useTestTable } from '../testing/harness.js';
import { pumpDashboardEvents, streamTenant } from './dashboard-stream.js';

beforeAll(async () => {
  await useTestTable();
});

describe('dashboard live events', () => {
  it("streams a tenant's own events, and not another tenant's", async () => {
    const a = await sessionFor();
    const b = await sessionFor();
    const tenant = await streamTenant(a.token);
    expect(tenant).toBe(a.tenant);
    const chunks: string[] = [];
    const abort = new AbortController();
    const pumping = pumpDashboardEvents(tenant, (c) => chunks.push(c), abort.signal);
    await new Promise((r) => setTimeout(r, 50));
    await db().send(new TransactWriteCommand({ TransactItems: [liveEventPut(a.tenant, 'inventory-status-changed', { itemId: 'a-item' }), liveEventPut(b.tenant, 'reservation-created', { id: 'b-secret' })] }));
    await new Promise((r) => setTimeout(r, 2_500));
    abort.abort();
    await pumping;
    const text = chunks.join('');
    expect(text).toContain('event: connected');
    expect(text).toContain('event: inventory-status-changed\ndata: {"type":"inventory-status-changed","payload":{"itemId":"a-item"}}');
    expect(text).not.toContain('b-secret');
  });

  it('refuses a stream without a valid token', async () => {
    await expect(streamTenant(undefined)).rejects.toMatchObject({ statusCode: 401 });
    await expect(streamTenant('not.a.token')).rejects.toMatchObject({ statusCode: 401 });
    const res = await call('GET', '/api/events/dashboard?token=forged');
    expect(res.status).toBe(401);
  });

  it('answers the buffered API Gateway fallback as text/event-stream', async () => {
    const a = await sessionFor();
    await db().send(new TransactWriteCommand({ TransactItems: [liveEventPut(a.tenant, 'stats-updated', { n: 1 })] }));
    const res = await call('GET', `/api/events/dashboard?token=${a.token}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream');
    expect(res.raw).toContain('event: stats-updated');
  });
});
