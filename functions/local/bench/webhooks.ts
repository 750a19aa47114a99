import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
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
 * Webhook delivery latency on the local runtime (docs/decisions/webhooks.md, R-SET-10): from the commit
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
];
