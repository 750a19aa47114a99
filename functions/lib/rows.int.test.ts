import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from '../../shared/zod.js';
import { useTestTable } from '../testing/harness.js';
import { db, tableName } from './db.js';
import { trustedTenant } from './keys.js';
import { rowParser, tenantRowsWithPrefix } from './rows.js';

/**
 * The one paginated prefix Query the stores share (docs/decisions/0226-house-files-split-along-seams.md,
 * docs/decisions/0241-house-one-prefix-query.md): every page, only the prefix, only the tenant, and `projection` reads the named attributes only.
 */
const tenant = trustedTenant('rowsprefixa');
const other = trustedTenant('rowsprefixb');
const BIG = 'x'.repeat(50_000);
const parse = rowParser('example', z.object({ id: z.string(), n: z.number(), blob: z.optional(z.string()) }));

async function put(t: string, sk: string, item: Record<string, unknown>): Promise<void> {
  await db().send(new PutCommand({ TableName: tableName(), Item: { pk: `T#${t}`, sk, ...item } }));
}

beforeAll(async () => {
  await useTestTable();
  // 30 rows of 50 KB: 1.5 MB, more than one Query page (1 MB) holds.
  for (let i = 0; i < 30; i++) {
    const id = String(i).padStart(2, '0');
    await put(tenant, `EX#${id}`, { id, n: i, blob: BIG });
  }
  await put(tenant, 'EXTRA#1', { id: 'extra', n: 99 });
  await put(tenant, 'EW#1', { id: 'before', n: 98 });
  await put(other, 'EX#00', { id: 'theirs', n: 100 });
});

describe('tenantRowsWithPrefix', () => {
  it('reads every page of the prefix in sort-key order, nothing outside the prefix or the tenant', async () => {
    const send = vi.spyOn(db(), 'send');
    try {
      const rows = await tenantRowsWithPrefix(tenant, 'EX#', parse);
      expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 30 }, (_, i) => String(i).padStart(2, '0')));
      expect(rows.every((r) => r.blob?.length === 50_000)).toBe(true);
      const queries = send.mock.calls.filter(([c]) => c instanceof QueryCommand);
      expect(queries.length).toBeGreaterThanOrEqual(2);
    } finally {
      send.mockRestore();
    }
  });

  it('with a projection reads only the named attributes', async () => {
    const rows = await tenantRowsWithPrefix(tenant, 'EX#', (i) => i, { projection: 'id, n', consistent: true });
    expect(rows).toHaveLength(30);
    expect(rows[7]).toEqual({ id: '07', n: 7 });
  });
});
