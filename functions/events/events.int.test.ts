import { randomUUID } from 'node:crypto';
import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, tableName } from '../lib/db.js';
import { keys, trustedTenant } from '../lib/keys.js';
import { liveEventPut } from '../lib/live-events.js';
import { forgetModules, modulesKey } from '../lib/modules.js';
import { sessionFor } from '../testing/fixtures.js';
import { call, useTestTable } from '../testing/harness.js';
import { formatCursor, RETRY_MS } from './dashboard-stream.js';

beforeAll(async () => {
  await useTestTable();
});

interface Frame {
  event?: string;
  data?: string;
  id?: string;
  retry?: string;
}
/** Parses an SSE body the way EventSource does (blocks separated by a blank line). */
function frames(text: string): Frame[] {
  return text
    .split('\n\n')
    .filter((b) => b.trim())
    .map((block) => {
      const f: Frame = {};
      for (const line of block.split('\n')) {
        const i = line.indexOf(':');
        const field = line.slice(0, i) as keyof Frame;
        f[field] = line.slice(i + 1).replace(/^ /, '');
      }
      return f;
    });
}

/** One EventSource-like client: each poll sends the last id it got, like the browser's reconnect. */
function client(token: string) {
  let lastId: string | undefined;
  const received: { type: string; payload: any }[] = [];
  return {
    received,
    get lastId() {
      return lastId;
    },
    async poll() {
      const res = await call('GET', `/api/events/dashboard?token=${encodeURIComponent(token)}`, {
        headers: lastId ? { 'last-event-id': lastId } : {},
      });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/event-stream');
      for (const f of frames(res.raw)) {
        if (f.id !== undefined) lastId = f.id;
        if (f.data) received.push(JSON.parse(f.data));
      }
      return res;
    },
  };
}

const put = (tenant: Parameters<typeof liveEventPut>[0], type: Parameters<typeof liveEventPut>[1], payload: unknown) =>
  db().send(new TransactWriteCommand({ TransactItems: [liveEventPut(tenant, type, payload)] }));

describe('dashboard live events (short SSE requests)', () => {
  it('delivers one event to a connected client exactly once, however often it polls', async () => {
    const a = await sessionFor();
    const c = client(a.token);
    const first = await c.poll();
    expect(first.raw.startsWith(`retry: ${RETRY_MS}\n\n`)).toBe(true);
    expect(c.received).toEqual([]);
    expect(c.lastId).toBeTruthy();
    const marker = randomUUID();
    await put(a.tenant, 'reservation-created', { id: marker });
    for (let i = 0; i < 6; i++) await c.poll();
    expect(c.received).toEqual([{ type: 'reservation-created', payload: { id: marker } }]);
  });

  it('delivers every event of a burst once, in order, across polls', async () => {
    const a = await sessionFor();
    const c = client(a.token);
    await c.poll();
    const sent: string[] = [];
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) {
        const id = `r${round}-${i}`;
        sent.push(id);
        await put(a.tenant, 'stats-updated', { id });
      }
      await c.poll();
    }
    await c.poll();
    expect(c.received.map((e) => e.payload.id)).toEqual(sent);
  });

  it('still delivers an event that becomes visible after later ones (committed late), once', async () => {
    const a = await sessionFor();
    const c = client(a.token);
    await c.poll();
    await put(a.tenant, 'stats-updated', { id: 'on-time' });
    await c.poll();
    // A row stamped 2 s ago that only now appears (its transaction was slow): before the cursor's time.
    const at = new Date(Date.now() - 2_000).toISOString();
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.entity(a.tenant, 'EVENT', `${at}#${randomUUID()}`),
          type: 'reservation-updated',
          payload: { id: 'late' },
          at,
        },
      }),
    );
    await c.poll();
    await c.poll();
    expect(c.received.map((e) => e.payload.id)).toEqual(['on-time', 'late']);
  });

  it('resumes after a reconnect from lastEventId in the query (a new EventSource) without repeats', async () => {
    const a = await sessionFor();
    const c = client(a.token);
    await c.poll();
    await put(a.tenant, 'payment-processed', { id: 'p1' });
    await c.poll();
    await put(a.tenant, 'payment-processed', { id: 'p2' });
    const res = await call(
      'GET',
      `/api/events/dashboard?token=${encodeURIComponent(a.token)}&lastEventId=${encodeURIComponent(c.lastId!)}`,
    );
    const got = frames(res.raw)
      .filter((f) => f.data)
      .map((f) => JSON.parse(f.data!).payload.id);
    expect(got).toEqual(['p2']);
  });

  it('gives each event its own cursor, so a new EventSource can resume from the last event it saw', async () => {
    const a = await sessionFor();
    const c = client(a.token);
    await c.poll();
    await put(a.tenant, 'stats-updated', { id: 'e1' });
    await put(a.tenant, 'stats-updated', { id: 'e2' });
    const res = await c.poll();
    const withIds = frames(res.raw).filter((f) => f.data);
    expect(withIds.map((f) => JSON.parse(f.data!).payload.id)).toEqual(['e1', 'e2']);
    const afterFirst = withIds[0]!.id!;
    const resumed = await call(
      'GET',
      `/api/events/dashboard?token=${encodeURIComponent(a.token)}&lastEventId=${encodeURIComponent(afterFirst)}`,
    );
    expect(
      frames(resumed.raw)
        .filter((f) => f.data)
        .map((f) => JSON.parse(f.data!).payload.id),
    ).toEqual(['e2']);
  });

  it("answers only the caller's tenant's events, and ignores a forged cursor", async () => {
    const a = await sessionFor();
    const b = await sessionFor();
    const c = client(b.token);
    await c.poll();
    await put(a.tenant, 'reservation-created', { id: 'a-secret' });
    await put(b.tenant, 'reservation-created', { id: 'b-own' });
    const res = await call('GET', `/api/events/dashboard?token=${encodeURIComponent(b.token)}`, {
      headers: { 'last-event-id': 'garbage|<script>' },
    });
    expect(res.raw).not.toContain('a-secret');
    expect(res.raw).toContain('b-own');
    await c.poll();
    expect(JSON.stringify(c.received)).not.toContain('a-secret');
  });

  it('refuses a request without a valid token', async () => {
    expect((await call('GET', '/api/events/dashboard?token=forged')).status).toBe(401);
    expect((await call('GET', '/api/events/dashboard')).status).toBe(401);
  });
});

describe('who receives which live event (docs/decisions/0001-modules-and-live-stream.md)', () => {
  /** A Last-Event-ID from 9 minutes ago: the stream replays everything after it. */
  const nineMinutesAgo = () => formatCursor({ at: Date.now() - 9 * 60_000, seen: [] });
  const replay = async (token: string) => {
    const res = await call('GET', `/api/events/dashboard?token=${encodeURIComponent(token)}`, {
      headers: { 'last-event-id': nineMinutesAgo() },
    });
    expect(res.status).toBe(200);
    return frames(res.raw)
      .filter((f) => f.data)
      .map((f) => JSON.parse(f.data!) as { type: string; payload: any });
  };
  const burst = async (tenant: Parameters<typeof liveEventPut>[0], tag: string) => {
    await put(tenant, 'reservation-created', { id: `${tag}-res`, customerName: 'Jane Doe' });
    await put(tenant, 'payment-processed', { id: `${tag}-pay`, amount: 50 });
    await put(tenant, 'inventory-status-changed', { id: `${tag}-inv` });
    await put(tenant, 'stats-updated', { id: `${tag}-stats` });
  };
  const ids = (events: { payload: any }[], tag: string) =>
    events.map((e) => e.payload.id).filter((id: string) => id.startsWith(tag));

  it('an EMPLOYEE without the views gets no reservation, payment or stats events, live nor on replay; a permitted one does', async () => {
    const admin = await sessionFor();
    const employee = await sessionFor({ tenant: admin.tenant, role: 'EMPLOYEE', accessLevel: 'EMPLOYEE' });
    const manager = await sessionFor({ tenant: admin.tenant, role: 'EMPLOYEE', accessLevel: 'MANAGER' });
    const policy = {
      EMPLOYEE: {
        reservations: { view: false },
        serviceBookings: { view: false },
        customers: { view: false },
        payments: { viewHistory: false },
        dashboard: { viewStats: false, viewActivity: false },
      },
    };
    expect((await call('PUT', '/api/settings/permissions', { token: admin.token, body: { policy } })).status).toBe(200);

    const live = client(employee.token);
    const liveManager = client(manager.token);
    await live.poll();
    await liveManager.poll();
    const tag = randomUUID().slice(0, 8);
    await burst(admin.tenant, tag);
    await live.poll();
    await liveManager.poll();
    // The employee keeps what its row still grants (inventoryItems.view), and nothing else.
    expect(ids(live.received, tag)).toEqual([`${tag}-inv`]);
    expect(JSON.stringify(live.received)).not.toContain('Jane Doe');
    expect(ids(liveManager.received, tag)).toEqual([`${tag}-res`, `${tag}-pay`, `${tag}-inv`, `${tag}-stats`]);

    expect(ids(await replay(employee.token), tag)).toEqual([`${tag}-inv`]);
    expect(ids(await replay(manager.token), tag)).toEqual([`${tag}-res`, `${tag}-pay`, `${tag}-inv`, `${tag}-stats`]);
    expect(ids(await replay(admin.token), tag)).toEqual([`${tag}-res`, `${tag}-pay`, `${tag}-inv`, `${tag}-stats`]);

    // Granted again: the next events reach the employee (the matrix is read per request, as the API does).
    expect((await call('PUT', '/api/settings/permissions', { token: admin.token, body: { policy: {} } })).status).toBe(
      200,
    );
    const again = randomUUID().slice(0, 8);
    await put(admin.tenant, 'reservation-created', { id: `${again}-res` });
    await live.poll();
    expect(ids(live.received, again)).toEqual([`${again}-res`]);
  });

  it("a disabled module's events reach nobody, administrators included, live nor on replay", async () => {
    const admin = await sessionFor();
    const live = client(admin.token);
    await live.poll();
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...modulesKey(trustedTenant(admin.tenant)),
          states: { reservations: false, payments: false },
          version: 1,
        },
      }),
    );
    forgetModules();
    try {
      const tag = randomUUID().slice(0, 8);
      await burst(admin.tenant, tag);
      await live.poll();
      expect(ids(live.received, tag)).toEqual([`${tag}-inv`, `${tag}-stats`]);
      expect(ids(await replay(admin.token), tag)).toEqual([`${tag}-inv`, `${tag}-stats`]);
    } finally {
      forgetModules();
    }
  });
});
