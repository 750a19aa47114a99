import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditedWrite } from '../lib/audited-write.js';
import { resetConfig } from '../lib/config.js';
import { db, tableName } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';
import { endpointKey, forgetWebhookSubscriptions, WH } from '../lib/webhook-rows.js';
import type { RunningSes } from '../local/ses.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestMail, useTestTable } from '../testing/harness.js';
import { readMailbox } from '../testing/mail.js';
import { drainPartition } from './drain.js';
import { pollWebhooks } from './worker.js';

/**
 * R-SET-10 against DynamoDB Local and a real receiving HTTP server on 127.0.0.1: every delivery is
 * checked with the `standardwebhooks` package's own `Webhook.verify`, never with our signing code.
 */

interface Received {
  path: string;
  id: string;
  headers: Record<string, string>;
  body: string;
  payload: { type: string; timestamp: string; data: Record<string, unknown> };
}

let receiver: Server;
let port: number;
/** Every test has its own receiver path: the worker serves every tenant, earlier tests' retries included. */
let path = '/hook';
let all: Received[] = [];
const received = {
  get list() {
    return all.filter((r) => r.path === path);
  },
};
/** The statuses the receiver answers with at this test's path, in turn (then 200). */
let answers: number[] = [];
let ses: RunningSes;
let admin: TestSession;

function header(req: IncomingMessage, name: string): string {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(',') : (v ?? '');
}

beforeAll(async () => {
  await useTestTable();
  ses = await useTestMail('webhooks@mail.test');
  process.env.WEBHOOKS_ALLOW_LOCAL = '1';
  resetConfig();
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const mine = req.url === path;
      const status = (mine ? answers.shift() : undefined) ?? 200;
      const headers = {
        'webhook-id': header(req, 'webhook-id'),
        'webhook-timestamp': header(req, 'webhook-timestamp'),
        'webhook-signature': header(req, 'webhook-signature'),
      };
      if (status >= 200 && status < 300)
        all.push({ path: req.url ?? '', id: headers['webhook-id'], headers, body, payload: JSON.parse(body) });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  port = (receiver.address() as AddressInfo).port;
  admin = await sessionFor({ role: 'BUSINESS_ADMIN' });
});

afterAll(async () => {
  await new Promise((r) => receiver.close(r));
  await ses?.stop();
  delete process.env.WEBHOOKS_ALLOW_LOCAL;
  resetConfig();
});

beforeEach(() => {
  path = `/hook-${randomUUID().slice(0, 8)}`;
  answers = [];
});

async function addEndpoint(owner: TestSession, events: string[]): Promise<{ id: string; secret: string }> {
  const res = await call('POST', '/api/settings/webhooks', {
    token: owner.token,
    body: { url: `http://127.0.0.1:${port}${path}`, events, description: 'test receiver' },
  });
  expect(res.status, res.raw).toBe(201);
  forgetWebhookSubscriptions();
  return res.body;
}

/** A change as every writer makes it: an audited write with its live event. */
async function change(
  tenant: TenantId,
  type: 'reservation-updated' | 'reservation-created',
  data: Record<string, unknown>,
) {
  await auditedWrite(tenant)
    .put('row', { ...keys.entity(tenant, 'WHTEST', randomUUID()), v: 1 })
    .event(type, data)
    .commit();
}

async function deliveries(owner: TestSession, endpointId: string) {
  const res = await call('GET', `/api/settings/webhooks/${endpointId}/deliveries`, { token: owner.token });
  expect(res.status, res.raw).toBe(200);
  return res.body.deliveries as {
    id: string;
    messageId: string;
    event: string;
    status: string;
    attempts: number;
    lastStatusCode: number | null;
    lastLatencyMs: number | null;
    nextAttemptAt: string | null;
  }[];
}

describe('webhook endpoints and signed deliveries (R-SET-10)', () => {
  it('answers a whsec_ secret once, stores it sealed, and delivers a staff change signed as Standard Webhooks verify it', async () => {
    const owner = await sessionFor({ role: 'BUSINESS_ADMIN' });
    const { id, secret } = await addEndpoint(owner, ['reservation-created']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/); // 32 bytes in base64
    const stored = await db().send(new GetCommand({ TableName: tableName(), Key: endpointKey(owner.tenant, id) }));
    expect(JSON.stringify(stored.Item)).not.toContain(secret.slice(6));
    const list = await call('GET', '/api/settings/webhooks', { token: owner.token });
    expect(list.raw).not.toContain(secret.slice(6));
    expect(list.body.webhooks).toHaveLength(1);

    // A real reservation through the staff API: the event goes out because the audited write carries it.
    const type = await call('POST', '/api/inventory/product-types', {
      token: owner.token,
      body: { name: `Kayak ${randomUUID().slice(0, 6)}`, category: 'Water', rates: [{ rate: 10, rateType: 'hourly' }] },
    });
    const item = await call('POST', '/api/inventory/items', {
      token: owner.token,
      body: { productTypeId: type.body.id, itemNumber: `K-${randomUUID().slice(0, 6)}` },
    });
    const booked = await call('POST', '/api/reservations/items/create', {
      token: owner.token,
      body: {
        customer: { firstName: 'Ada', lastName: 'Hook', phone: '5550101234', email: 'ada@hook.example' },
        reservation: {
          startTime: '2027-05-01T14:00:00.000Z',
          reservationDuration: 2,
          inventoryItemId: item.body.id,
          depositAmount: 0,
        },
      },
    });
    expect(booked.status, booked.raw).toBeLessThan(300);
    await pollWebhooks();
    expect(received.list).toHaveLength(1);
    const r = received.list[0]!;
    const verified = new Webhook(secret).verify(r.body, r.headers) as Received['payload'];
    expect(verified.type).toBe('reservation-created');
    expect(verified.data.id).toBe(booked.body.data.id);
    expect(r.id).toMatch(/^msg_/);
    // A wrong secret does not verify.
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(r.body, r.headers)).toThrow();
    const [d] = await deliveries(owner, id);
    expect(d).toMatchObject({ event: 'reservation-created', status: 'delivered', attempts: 1, lastStatusCode: 200 });
    expect(d!.lastLatencyMs).toBeGreaterThanOrEqual(0);
  });

  it('writes no outbox row for an event nobody subscribed to', async () => {
    const owner = await sessionFor({ role: 'BUSINESS_ADMIN' });
    await addEndpoint(owner, ['reservation-cancelled']);
    await change(owner.tenant, 'reservation-updated', { id: 'r-none' });
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': keys.tenantPartition(owner.tenant), ':p': `${WH.outbox}#` },
      }),
    );
    expect(res.Items).toHaveLength(0);
  });

  it('retries a receiver down for two attempts on the schedule, then it gets the event once more with the same id', async () => {
    const owner = await sessionFor({ role: 'BUSINESS_ADMIN' });
    const { id, secret } = await addEndpoint(owner, ['reservation-updated']);
    let clock = Date.now();
    const now = () => clock;
    answers = [503, 500];
    await change(owner.tenant, 'reservation-updated', { id: 'r-retry', n: 1 });
    await pollWebhooks({ now });
    let [d] = await deliveries(owner, id);
    expect(d).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 503 });
    expect(Date.parse(d!.nextAttemptAt!) - clock).toBe(5_000);
    clock += 4_000; // not due yet
    await pollWebhooks({ now });
    expect((await deliveries(owner, id))[0]!.attempts).toBe(1);
    clock += 1_000;
    await pollWebhooks({ now });
    [d] = await deliveries(owner, id);
    expect(d).toMatchObject({ status: 'pending', attempts: 2, lastStatusCode: 500 });
    expect(Date.parse(d!.nextAttemptAt!) - clock).toBe(300_000);
    clock += 300_000;
    await pollWebhooks({ now });
    expect(received.list).toHaveLength(1);
    expect(received.list[0]!.id).toBe(d!.messageId);
    expect(new Webhook(secret).verify(received.list[0]!.body, received.list[0]!.headers)).toMatchObject({
      type: 'reservation-updated',
    });
    [d] = await deliveries(owner, id);
    expect(d).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 200, nextAttemptAt: null });
    await pollWebhooks({ now: () => clock + 86_400_000 });
    expect(received.list).toHaveLength(1);
  });

  it('loses nothing when the worker dies after sending and before recording: sent again with the same id after the lease', async () => {
    const owner = await sessionFor({ role: 'BUSINESS_ADMIN' });
    const { id } = await addEndpoint(owner, ['reservation-updated']);
    let clock = Date.now();
    await change(owner.tenant, 'reservation-updated', { id: 'r-crash' });
    await expect(
      pollWebhooks({
        now: () => clock,
        afterSend: () => {
          throw new Error('crash');
        },
      }),
    ).rejects.toThrow('crash');
    expect(received.list).toHaveLength(1);
    expect((await deliveries(owner, id))[0]).toMatchObject({ status: 'pending', attempts: 0 });
    await pollWebhooks({ now: () => clock }); // still leased: nobody sends
    expect(received.list).toHaveLength(1);
    clock += 31_000;
    await pollWebhooks({ now: () => clock });
    expect(received.list).toHaveLength(2);
    expect(received.list[1]!.id).toBe(received.list[0]!.id);
    expect((await deliveries(owner, id))[0]).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('delivers 100 changes in a burst: 100 deliveries, in order per reservation', async () => {
    const owner = await sessionFor({ role: 'BUSINESS_ADMIN' });
    const { id } = await addEndpoint(owner, ['reservation-updated']);
    const reservations = ['r-a', 'r-b', 'r-c', 'r-d'];
    // 25 changes per reservation, the four reservations' writes running at once.
    await Promise.all(
      reservations.map(async (rid) => {
        for (let n = 1; n <= 25; n++) await change(owner.tenant, 'reservation-updated', { id: rid, n });
      }),
    );
    // A receiver failing now and then must not reorder anything.
    answers = [500, 200, 200, 503];
    let clock = Date.now();
    for (let i = 0; i < 10 && received.list.length < 100; i++) {
      await pollWebhooks({ now: () => clock });
      clock += 6_000;
    }
    expect(received.list).toHaveLength(100);
    expect(new Set(received.list.map((r) => r.id)).size).toBe(100);
    for (const rid of reservations) {
      const seq = received.list.filter((r) => r.payload.data.id === rid).map((r) => r.payload.data.n);
      expect(seq).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    }
    const list = await call('GET', `/api/settings/webhooks/${id}/deliveries?limit=100`, { token: owner.token });
    expect(list.body.deliveries).toHaveLength(100);
  });

  it('disables an endpoint failing for 5 days and e-mails every administrator, once', async () => {
    const owner = await sessionFor({ role: 'BUSINESS_ADMIN' });
    const secondAdmin = await sessionFor({ tenant: owner.tenant, role: 'BUSINESS_ADMIN' });
    await sessionFor({ tenant: owner.tenant, role: 'EMPLOYEE' });
    const { id } = await addEndpoint(owner, ['reservation-updated']);
    const start = Date.now();
    let clock = start;
    answers = Array(200).fill(500);
    await change(owner.tenant, 'reservation-updated', { id: 'r-dead' });
    await pollWebhooks({ now: () => clock });
    const endpoint = async () =>
      (await call('GET', '/api/settings/webhooks', { token: owner.token })).body.webhooks.find(
        (w: { id: string }) => w.id === id,
      );
    expect((await endpoint()).failingSince).toBe(new Date(start).toISOString());
    // Four days of failures (new changes keep coming): still enabled.
    for (let day = 1; day <= 4; day++) {
      clock = start + day * 86_400_000;
      await change(owner.tenant, 'reservation-updated', { id: `r-dead-${day}` });
      await pollWebhooks({ now: () => clock });
    }
    expect((await endpoint()).enabled).toBe(true);
    clock = start + 5 * 86_400_000 + 1_000;
    await change(owner.tenant, 'reservation-updated', { id: 'r-dead-5' });
    await pollWebhooks({ now: () => clock });
    const disabled = await endpoint();
    expect(disabled).toMatchObject({ enabled: false, disabledReason: 'Failing for 5 days' });
    const mails = (await readMailbox(ses)).filter((m) => /webhook/i.test(m.subject));
    const to = mails.map((m) => m.to).sort();
    expect(to).toEqual([`${owner.userId}@test.example`, `${secondAdmin.userId}@test.example`].sort());
    expect(mails[0]!.text).toContain(`127.0.0.1:${port}${path}`);
    // Nothing more is sent to it, and nobody is mailed twice.
    clock += 86_400_000;
    await pollWebhooks({ now: () => clock });
    expect((await readMailbox(ses)).filter((m) => /webhook/i.test(m.subject))).toHaveLength(2);
  });

  it('test and replay go through the outbox; replay keeps the webhook-id', async () => {
    const owner = await sessionFor({ role: 'BUSINESS_ADMIN' });
    const { id, secret } = await addEndpoint(owner, ['reservation-created']);
    const t = await call('POST', `/api/settings/webhooks/${id}/test`, { token: owner.token });
    expect(t.status, t.raw).toBe(202);
    await pollWebhooks();
    expect(received.list).toHaveLength(1);
    expect(new Webhook(secret).verify(received.list[0]!.body, received.list[0]!.headers)).toMatchObject({
      type: 'webhook.test',
    });
    const [d] = await deliveries(owner, id);
    const replay = await call('POST', `/api/settings/webhooks/${id}/deliveries/${d!.id}/replay`, {
      token: owner.token,
    });
    expect(replay.status, replay.raw).toBe(202);
    await pollWebhooks();
    expect(received.list).toHaveLength(2);
    expect(received.list[1]!.id).toBe(received.list[0]!.id);
    const list = await deliveries(owner, id);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ messageId: d!.messageId, status: 'delivered' });
  });

  it('edits, disables and deletes; only administrators manage webhooks; bad input is a 400', async () => {
    const owner = await sessionFor({ role: 'BUSINESS_ADMIN' });
    const manager = await sessionFor({ tenant: owner.tenant, role: 'EMPLOYEE', accessLevel: 'MANAGER' });
    const { id } = await addEndpoint(owner, ['reservation-created']);
    const patched = await call('PATCH', `/api/settings/webhooks/${id}`, {
      token: owner.token,
      body: { events: ['reservation-cancelled', 'payment-processed'], enabled: false },
    });
    expect(patched.status, patched.raw).toBe(200);
    expect(patched.body.webhook).toMatchObject({
      enabled: false,
      events: ['reservation-cancelled', 'payment-processed'],
    });
    expect((await call('GET', '/api/settings/webhooks', { token: manager.token })).status).toBe(403);
    const bad = await call('POST', '/api/settings/webhooks', {
      token: owner.token,
      body: { url: 'ftp://example.com', events: ['nope'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.raw).toContain('https://');
    const noEvents = await call('POST', '/api/settings/webhooks', {
      token: owner.token,
      body: { url: 'https://example.com/h', events: [] },
    });
    expect(noEvents.status).toBe(400);
    expect((await call('DELETE', `/api/settings/webhooks/${id}`, { token: owner.token })).status).toBe(200);
    expect((await call('DELETE', `/api/settings/webhooks/${id}`, { token: owner.token })).status).toBe(404);
    expect((await call('GET', `/api/settings/webhooks/${id}/deliveries`, { token: owner.token })).status).toBe(404);
  });
});

describe('SSRF in deployed stages (R-SET-10)', () => {
  beforeAll(() => {
    delete process.env.WEBHOOKS_ALLOW_LOCAL;
    resetConfig();
  });
  afterAll(() => {
    process.env.WEBHOOKS_ALLOW_LOCAL = '1';
    resetConfig();
  });

  it.each([
    'http://localhost:8080/hook',
    'https://localhost/hook',
    'https://127.0.0.1/hook',
    'https://10.0.0.5/hook',
    'https://192.168.1.1/hook',
    'https://172.16.3.4/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.0.1/hook',
    'https://[::1]/hook',
    'https://[fd00:ec2::254]/hook',
    'https://[::ffff:10.0.0.1]/hook',
    'https://metadata.google.internal/hook',
    'http://example.com/hook',
  ])('refuses %s', async (url) => {
    const res = await call('POST', '/api/settings/webhooks', {
      token: admin.token,
      body: { url, events: ['reservation-created'] },
    });
    expect(res.status, res.raw).toBe(400);
  });

  it('accepts a public https URL', async () => {
    const res = await call('POST', '/api/settings/webhooks', {
      token: admin.token,
      body: { url: 'https://hooks.example.com/in', events: ['reservation-created'] },
    });
    expect(res.status, res.raw).toBe(201);
  });

  it('refuses at delivery a host that resolves to a private address (DNS rebinding)', async () => {
    const owner = await sessionFor({ role: 'BUSINESS_ADMIN' });
    // Accepted while the name looked public; at delivery it resolves to loopback ("localtest.me"-style names do).
    const { id } = (
      await call('POST', '/api/settings/webhooks', {
        token: owner.token,
        body: { url: `https://rebind.localhost.example.com:${port}${path}`, events: ['reservation-updated'] },
      })
    ).body;
    forgetWebhookSubscriptions();
    // Point the name at 127.0.0.1 for this process, as a rebinding DNS server would.
    const dns = (await import('node:dns')).default;
    const original = dns.lookup;
    (dns as { lookup: unknown }).lookup = ((host: string, opts: unknown, cb: (...a: unknown[]) => void) =>
      host.startsWith('rebind.')
        ? cb(null, [{ address: '127.0.0.1', family: 4 }])
        : (original as (...a: unknown[]) => void)(host, opts, cb)) as typeof dns.lookup;
    try {
      await change(owner.tenant, 'reservation-updated', { id: 'r-rebind' });
      await drainPartition(owner.tenant, id, 'r-rebind');
      await pollWebhooks();
    } finally {
      (dns as { lookup: unknown }).lookup = original;
    }
    expect(received.list).toHaveLength(0);
    const [d] = await deliveries(owner, id);
    expect(d).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: null });
    expect(
      await db().send(new GetCommand({ TableName: tableName(), Key: endpointKey(owner.tenant, id) })),
    ).toBeTruthy();
  });
});
