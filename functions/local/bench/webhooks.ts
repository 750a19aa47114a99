import { randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt } from 'jose';
import { auditedWrite } from '../../lib/audited-write.js';
import { keys, trustedTenant } from '../../lib/keys.js';
import { forgetWebhookSubscriptions } from '../../lib/webhook-rows.js';
import { post } from './helpers.js';
import { newTenant } from './helpers.js';
import type { BenchMeasure } from './types.js';

/** 200 changes by default; BENCH_WEBHOOKS for a quicker look. */
const CHANGES = Number(process.env.BENCH_WEBHOOKS ?? 200);
/** Pause between changes: a steady trickle, so the figure is the pipeline's delay, not a queue's. */
const GAP_MS = 50;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * Webhook delivery latency on the local runtime (docs/decisions/0231-webhooks.md, R-SET-10): from the commit
 * of a change (an audited write carrying `reservation-updated`, as every writer makes) to its arrival,
 * signed, at a receiving HTTP server on 127.0.0.1. Locally the worker polls every second, so this is
 * mostly the poll interval; on AWS the stream → pipe → queue → worker path replaces the poll.
 */
export const measures: BenchMeasure[] = [
  {
    name: 'webhookLatency',
    description: `Webhooks: ${CHANGES} changes, commit to a local receiver: p50/p99 ms`,
    measure: async (ctx) => {
      if (!ctx) return undefined;
      const token = await newTenant(ctx, 'webhooks');
      // The session token names its organization in `org` (functions/lib/tokens.ts).
      const tenant = trustedTenant(String(decodeJwt(token).org));
      const committedAt = new Map<string, number>();
      const latencies: number[] = [];
      let done: () => void = () => {};
      const all = new Promise<void>((r) => (done = r));
      const server = createServer((req, res) => {
        let body = '';
        req.on('data', (c) => (body += c));
        req.on('end', () => {
          const arrived = performance.now();
          const id = (JSON.parse(body) as { data: { id: string } }).data.id;
          const t0 = committedAt.get(id);
          if (t0 !== undefined) latencies.push(arrived - t0);
          res.writeHead(204).end();
          if (latencies.length >= CHANGES) done();
        });
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      const port = (server.address() as AddressInfo).port;
      try {
        await post(
          `${ctx.url}/api/settings/webhooks`,
          { url: `http://127.0.0.1:${port}/hook`, events: ['reservation-updated'] },
          token,
        );
        // This process's copy of the tenant's subscriptions (its signup wrote events): other instances
        // learn of a new endpoint within 10 s (functions/lib/webhook-rows.ts).
        forgetWebhookSubscriptions(tenant);
        for (let i = 0; i < CHANGES; i++) {
          const id = `bench-${i}-${randomUUID().slice(0, 8)}`;
          await auditedWrite(tenant)
            .put('row', { ...keys.entity(tenant, 'WHBENCH', id), n: i })
            .event('reservation-updated', { id, n: i })
            .commit();
          committedAt.set(id, performance.now());
          await new Promise((r) => setTimeout(r, GAP_MS));
        }
        await Promise.race([all, new Promise((r) => setTimeout(r, 60_000))]);
      } finally {
        await new Promise((r) => server.close(r));
      }
      const sorted = [...latencies].sort((a, b) => a - b);
      if (!sorted.length) return { delivered: 0, changes: CHANGES };
      return {
        changes: CHANGES,
        delivered: sorted.length,
        p50: Math.round(percentile(sorted, 50)),
        p99: Math.round(percentile(sorted, 99)),
        max: Math.round(sorted[sorted.length - 1]!),
        pollIntervalMs: 1000,
      };
    },
  },
  {
    name: 'webhookFairness',
    description: "Webhooks: tenant B's delivery (commit to arrival, ms) while 20 endpoints of tenant A hang (R-SET-12)",
    measure: async (ctx) => {
      if (!ctx) return undefined;
      const [tokenA, tokenB] = await Promise.all([newTenant(ctx, 'webhooks-a'), newTenant(ctx, 'webhooks-b')]);
      const tenantA = trustedTenant(String(decodeJwt(tokenA).org));
      const tenantB = trustedTenant(String(decodeJwt(tokenB).org));
      const held: ServerResponse[] = [];
      let aRequests = 0;
      // A's receivers take the request and never answer (until the measure ends).
      const hanging = createServer((req, res) => {
        aRequests++;
        req.resume();
        held.push(res);
      });
      let arrived: (at: number) => void = () => {};
      const bArrival = new Promise<number>((r) => (arrived = r));
      const fast = createServer((req, res) => {
        req.resume();
        req.on('end', () => {
          arrived(performance.now());
          res.writeHead(204).end();
        });
      });
      const listen = async (s: typeof fast) => {
        await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
        return (s.address() as AddressInfo).port;
      };
      const [hangingPort, fastPort] = [await listen(hanging), await listen(fast)];
      const change = (tenant: typeof tenantA, id: string) =>
        auditedWrite(tenant)
          .put('row', { ...keys.entity(tenant, 'WHBENCH', id), n: 0 })
          .event('reservation-updated', { id })
          .commit();
      try {
        for (let i = 0; i < 20; i++)
          await post(
            `${ctx.url}/api/settings/webhooks`,
            { url: `http://127.0.0.1:${hangingPort}/a${i}`, events: ['reservation-updated'] },
            tokenA,
          );
        await post(
          `${ctx.url}/api/settings/webhooks`,
          { url: `http://127.0.0.1:${fastPort}/b`, events: ['reservation-updated'] },
          tokenB,
        );
        forgetWebhookSubscriptions(tenantA);
        forgetWebhookSubscriptions(tenantB);
        await change(tenantA, `fair-a-${randomUUID().slice(0, 8)}`);
        await change(tenantA, `fair-a-${randomUUID().slice(0, 8)}`);
        // A's sends are under way (the runtime polls every second) before B's change commits.
        for (let i = 0; i < 100 && !aRequests; i++) await new Promise((r) => setTimeout(r, 50));
        const t0 = performance.now();
        await change(tenantB, `fair-b-${randomUUID().slice(0, 8)}`);
        const at = await Promise.race([bArrival, new Promise<null>((r) => setTimeout(() => r(null), 60_000))]);
        return {
          bDeliveryMs: at === null ? null : Math.round(at - t0),
          aRequestsOpen: held.length,
          pollIntervalMs: 1000,
        };
      } finally {
        for (const res of held) res.socket?.destroy();
        hanging.closeAllConnections();
        await new Promise((r) => hanging.close(r));
        await new Promise((r) => fast.close(r));
      }
    },
  },
];
