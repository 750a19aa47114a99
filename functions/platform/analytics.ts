import { toCsvLines } from '../../shared/domain/csv.js';
import { queryPages, tableName } from '../lib/db.js';
import { USAGE_PK } from '../lib/metering.js';
import type { Reply } from '../lib/pipeline.js';
import { counter, rowParser } from '../lib/rows.js';
import * as z from '../../shared/zod.js';

/**
 * Usage analytics (docs/decisions/0191-platform-usage-metering.md) from the metering rows (functions/lib/metering.ts): one Query of the
 * `USAGE` partition from the range's first hour. Points are hourly for 1d, daily otherwise (UTC).
 */
export type Range = '1d' | '7d' | '30d' | '90d' | '1y';
const HOURS: Record<Range, number> = { '1d': 24, '7d': 7 * 24, '30d': 30 * 24, '90d': 90 * 24, '1y': 365 * 24 };

interface Sum {
  calls: number;
  errors: number;
  totalMs: number;
}
const empty = (): Sum => ({ calls: 0, errors: 0, totalMs: 0 });
const add = (a: Sum, r: Sum) => {
  a.calls += r.calls;
  a.errors += r.errors;
  a.totalMs += r.totalMs;
};
/** An hour's usage row (`USAGE` / `{hour}#{tenant|platform|public}`), its counters kept by ADD (functions/lib/metering.ts). */
const usageRow = z.object({ sk: z.string(), calls: counter(), errors: counter(), totalMs: counter() });
const parseUsageRow = rowParser('usage hour', usageRow);
const round2 = (n: number) => Math.round(n * 100) / 100;
const view = (s: Sum) => ({
  calls: s.calls,
  errors: s.errors,
  avgResponseTime: s.calls ? round2(s.totalMs / s.calls) : 0,
  errorRate: s.calls ? round2((s.errors / s.calls) * 100) : 0,
});

export async function usageOp(range: Range = '7d', now = new Date()) {
  const hourly = range === '1d';
  const from = new Date(now.getTime() - (HOURS[range] - 1) * 3_600_000).toISOString().slice(0, 13);
  const rows: z.output<typeof usageRow>[] = [];
  for await (const items of queryPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND sk >= :from',
    ExpressionAttributeValues: { ':pk': USAGE_PK, ':from': from },
  })) {
    rows.push(...items.map(parseUsageRow));
  }

  const total = empty();
  const byTenant = new Map<string, Sum>();
  const byPoint = new Map<string, Sum>();
  // every point of the range, so a quiet hour or day reads 0 rather than vanishing from the chart
  const step = hourly ? 3_600_000 : 86_400_000;
  const points = hourly ? 24 : HOURS[range] / 24;
  for (let i = points - 1; i >= 0; i--) {
    const d = new Date(now.getTime() - i * step).toISOString();
    byPoint.set(hourly ? `${d.slice(0, 13)}:00` : d.slice(0, 10), empty());
  }
  for (const r of rows) {
    const [hour, tenant = 'public'] = r.sk.split('#');
    add(total, r);
    if (!byTenant.has(tenant)) byTenant.set(tenant, empty());
    add(byTenant.get(tenant)!, r);
    const p = hourly ? `${hour}:00` : hour!.slice(0, 10);
    if (byPoint.has(p)) add(byPoint.get(p)!, r);
  }
  const t = view(total);
  return {
    range,
    totalApiCalls: t.calls,
    totalErrors: t.errors,
    avgResponseTime: t.avgResponseTime,
    errorRate: t.errorRate,
    tenants: [...byTenant].map(([tenant, s]) => ({ tenant, ...view(s) })).sort((a, b) => b.calls - a.calls),
    series: [...byPoint].map(([at, s]) => ({ at, ...view(s) })),
  };
}

export async function exportOp(range: Range = '7d'): Promise<Reply<string>> {
  const u = await usageOp(range);
  const lines = [
    ['section', 'key', 'calls', 'errors', 'avgResponseTimeMs', 'errorRatePercent'],
    ['total', range, u.totalApiCalls, u.totalErrors, u.avgResponseTime, u.errorRate],
    ...u.tenants.map((t) => ['tenant', t.tenant, t.calls, t.errors, t.avgResponseTime, t.errorRate]),
    ...u.series.map((p) => ['period', p.at, p.calls, p.errors, p.avgResponseTime, p.errorRate]),
  ];
  const body = toCsvLines(lines);
  return {
    statusCode: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="usage-analytics-${range}.csv"`,
    },
    raw: { body },
  };
}
