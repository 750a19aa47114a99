import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditedWrite } from '../lib/audited-write.js';
import { resetConfig } from '../lib/config.js';
import { keys, type TenantId } from '../lib/keys.js';
import { tenantRowsWithPrefix } from '../lib/rows.js';
import { forgetWebhookSubscriptions, WH } from '../lib/webhook-rows.js';
import { pollWebhooksLocally } from '../local/webhook-poller.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestTable } from '../testing/harness.js';
import { handler } from './queue-handler.js';
import { DELIVERY_LIMITS } from './scheduler.js';

/**
 * R-SET-12 with real HTTP servers on 127.0.0.1 and the local runtime's poller (the same scheduler the
 * queue consumer uses): tenant A's 20 endpoints never answer; tenant B's change still arrives within
 * a couple of poll intervals, not after A's timeouts.
 */

let hanging: Server;
let fast: Server;
const held: ServerResponse[] = [];
/** Set when a test is done with the hang: the server then fails requests at once (503). */
let giveUp = false;
/** Requests open at the hanging server, per path, and the most ever open at once. */
const open = new Map<string, number>();
let peakOpen = 0;
const peakPerPath = new Map<string, number>();
const arrivals: { path: string; at: number }[] = [];

async function listen(s: Server): Promise<number> {
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return (s.address() as AddressInfo).port;
}

function totalOpen() {
  let n = 0;
  for (const v of open.values()) n += v;
  return n;
}

/** The SQS messages the pipe would hand the queue consumer for the tenant's outbox rows. */
async function outboxMessages(tenant: TenantId) {
  const rows = await tenantRowsWithPrefix(tenant, `${WH.outbox}#`, (i) => i, { consistent: true });
  return rows.map((r) => ({
    messageId: randomUUID(),
    body: JSON.stringify({ eventName: 'INSERT', dynamodb: { Keys: { pk: { S: r.pk }, sk: { S: r.sk } } } }),
  }));
}

async function addEndpoint(owner: TestSession, url: string) {
  const res = await call('POST', '/api/settings/webhooks', {
    token: owner.token,
    body: { url, events: ['reservation-updated'] },
  });
  expect(res.status, res.raw).toBe(201);
}

async function change(tenant: TenantId, id: string) {
  await auditedWrite(tenant)
    .put('row', { ...keys.entity(tenant, 'WHFAIR', randomUUID()), v: 1 })
    .event('reservation-updated', { id })
    .commit();
}

const until = async (what: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!what() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return what();
};

let hangingPort: number;
let fastPort: number;

beforeAll(async () => {
  await useTestTable();
  process.env.WEBHOOKS_ALLOW_LOCAL = '1';
  resetConfig();
  hanging = createServer((req: IncomingMessage, res) => {
    const p = req.url ?? '';
    open.set(p, (open.get(p) ?? 0) + 1);
    peakPerPath.set(p, Math.max(peakPerPath.get(p) ?? 0, open.get(p)!));
    peakOpen = Math.max(peakOpen, totalOpen());
    res.on('close', () => open.set(p, open.get(p)! - 1));
    req.resume();
    if (giveUp) res.writeHead(503).end();
    else held.push(res); // never answered
  });
  fast = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrivals.push({ path: req.url ?? '', at: performance.now() });
      res.writeHead(204).end();
    });
  });
  hangingPort = await listen(hanging);
  fastPort = await listen(fast);
});

afterAll(async () => {
  for (const res of held) res.socket?.destroy();
  hanging.closeAllConnections();
  await new Promise((r) => hanging.close(r));
  await new Promise((r) => fast.close(r));
  // The sends cut off above end and record their failures before the table goes.
  await new Promise((r) => setTimeout(r, 500));
  delete process.env.WEBHOOKS_ALLOW_LOCAL;
  resetConfig();
});

describe('fair webhook delivery across tenants (R-SET-12)', () => {
  it("delivers tenant B's change within seconds while tenant A's 20 endpoints hang", async () => {
    const a = await sessionFor({ role: 'BUSINESS_ADMIN' });
    const b = await sessionFor({ role: 'BUSINESS_ADMIN' });
    for (let i = 0; i < 20; i++) await addEndpoint(a, `http://127.0.0.1:${hangingPort}/a${i}`);
    await addEndpoint(b, `http://127.0.0.1:${fastPort}/b`);
    forgetWebhookSubscriptions();
    const errors: unknown[] = [];
    const stop = pollWebhooksLocally({ intervalMs: 200, onError: (e) => errors.push(e) });
    try {
      // Two changes of A (40 hanging deliveries, two per endpoint), and A's sends under way.
      await change(a.tenant, 'ra-1');
      await change(a.tenant, 'ra-2');
      expect(await until(() => totalOpen() > 0, 5_000)).toBe(true);
      const t0 = performance.now();
      await change(b.tenant, 'rb-1');
      expect(await until(() => arrivals.length > 0, 8_000)).toBe(true);
      const ms = arrivals[0]!.at - t0;
      expect(ms, `B's delivery took ${Math.round(ms)} ms`).toBeLessThan(2_000);
      // A holds its share, never more; one endpoint never has more than the per-endpoint cap.
      expect(peakOpen).toBeLessThanOrEqual(DELIVERY_LIMITS.perTenant);
      for (const [p, n] of peakPerPath) expect(n, p).toBeLessThanOrEqual(DELIVERY_LIMITS.perEndpoint);
      expect(errors).toEqual([]);
    } finally {
      stop();
    }
  });

  it("the queue consumer sends B's message of the batch at once while A's messages hang, and fails none", async () => {
    const a = await sessionFor({ role: 'BUSINESS_ADMIN' });
    const b = await sessionFor({ role: 'BUSINESS_ADMIN' });
    for (let i = 0; i < 20; i++) await addEndpoint(a, `http://127.0.0.1:${hangingPort}/q${i}`);
    await addEndpoint(b, `http://127.0.0.1:${fastPort}/qb`);
    forgetWebhookSubscriptions();
    await change(a.tenant, 'qa-1');
    await change(a.tenant, 'qa-2');
    await change(b.tenant, 'qb-1');
    // A's two messages first in the batch, B's last, twice (SQS delivers at least once).
    const bMessages = await outboxMessages(b.tenant);
    const records = [
      ...(await outboxMessages(a.tenant)),
      ...bMessages,
      ...bMessages.map((m) => ({ ...m, messageId: randomUUID() })),
    ];
    expect(records).toHaveLength(4);
    const t0 = performance.now();
    const result = handler({ Records: records } as never, {
      awsRequestId: 'test',
      getRemainingTimeInMillis: () => 100_000,
    });
    expect(await until(() => arrivals.some((r) => r.path === '/qb'), 8_000)).toBe(true);
    const ms = arrivals.find((r) => r.path === '/qb')!.at - t0;
    expect(ms, `B's delivery took ${Math.round(ms)} ms`).toBeLessThan(2_000);
    const aOpen = () => [...open].filter(([p]) => p.startsWith('/q')).reduce((n, [, v]) => n + v, 0);
    expect(aOpen()).toBeLessThanOrEqual(DELIVERY_LIMITS.perTenant);
    // A's receivers give up (as their 10 s timeout would): failed sends are retries, not failed messages.
    giveUp = true;
    for (const res of held) res.socket?.destroy();
    expect(await result).toEqual({ batchItemFailures: [] });
    expect(arrivals.filter((r) => r.path === '/qb')).toHaveLength(1);
  });
});
