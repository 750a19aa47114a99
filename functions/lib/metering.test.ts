import { beforeEach, describe, expect, it, vi } from 'vitest';
import { claims, request } from '../testing/middleware.js';
import { trustedTenant } from './keys.js';
import { flushUsage, metering, USAGE_PK } from './metering.js';

/** The ADDs the flush sends, by sort key. */
const sent = vi.hoisted(() => [] as { sk: string; values: Record<string, number> }[]);
vi.mock('./db.js', () => ({
  tableName: () => 'test',
  db: () => ({
    send: async ({
      input,
    }: {
      input: { Key: { pk: string; sk: string }; ExpressionAttributeValues: Record<string, number> };
    }) => {
      if (input.Key.pk === 'USAGE') sent.push({ sk: input.Key.sk, values: input.ExpressionAttributeValues });
      return {};
    },
  }),
}));

async function through(o: { tenant?: string; platform?: boolean; status?: number; error?: boolean }) {
  const { req } = request('reservations.list', {
    auth: o.platform
      ? claims({ role: 'SUPER_ADMIN', tenantId: null })
      : o.tenant
        ? claims({ tenantId: o.tenant })
        : null,
    tenant: o.tenant ? trustedTenant(o.tenant) : null,
  });
  const step = metering();
  await step.before!(req);
  if (o.error) await step.onError!(req);
  else {
    req.response = { statusCode: o.status ?? 200 };
    await step.after!(req);
  }
}

describe('metering', () => {
  beforeEach(async () => {
    await flushUsage();
    sent.length = 0;
  });

  it('tallies calls and 5xx errors per hour and tenant (platform, public), one ADD per tally row', async () => {
    await through({ tenant: 't1' });
    await through({ tenant: 't1', status: 503 });
    await through({ tenant: 't1', error: true });
    await through({ tenant: 't1', status: 404 });
    await through({ platform: true });
    await through({});
    await flushUsage();
    const hour = new Date().toISOString().slice(0, 13);
    const bySk = Object.fromEntries(sent.map((s) => [s.sk, { calls: s.values[':c'], errors: s.values[':e'] }]));
    expect(bySk).toEqual({
      [`${hour}#t1`]: { calls: 4, errors: 2 },
      [`${hour}#platform`]: { calls: 1, errors: 0 },
      [`${hour}#public`]: { calls: 1, errors: 0 },
    });
    expect(USAGE_PK).toBe('USAGE');
  });

  it('a flush with nothing pending writes nothing', async () => {
    await flushUsage();
    expect(sent).toEqual([]);
  });
});
