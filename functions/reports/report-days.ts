/**
 * The per-day aggregate rows the range reports read (written by ./aggregates.ts): the day totals
 * `REPDAY#{yyyy-MM-dd}` and the per-entity rows `REPE#`/`REPC#`/`REPI#{yyyy-MM-dd}#{id}` (R-REP-8,
 * docs/decisions/0263-bounded-rows.md). One schema and one parse per kind (docs/decisions/0023-row-schemas.md),
 * one Query per kind for a range, and the sums over a range's rows. Every attribute but the keys is a
 * counter kept by ADD (a number) or a name kept by SET (`N#…` on a day row, `name` on an entity row:
 * text); a row with anything else throws `RowShapeError` instead of reading as zero.
 *
 * Day rows written before the split carry entity figures too (`c#{id}#n`, `N#c#{id}`...): an entity
 * row is read into that same shape, so `byEntity` adds both, and the names of the newer rows win.
 */
import * as z from '../../shared/zod.js';
import { queryAll, queryPages, tableName } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';
import { rowParser } from '../lib/rows.js';
import { REPORT_DAY, REPORT_ENTITY_ROWS, type ReportEntityKind } from '../reservation-rows/aggregates.js';

/** One day's aggregates: the counters by attribute name, and the names (`N#e#{id}`, `N#c#{id}`, `N#i#{id}`). */
interface ReportDay {
  day: string;
  counts: Record<string, number>;
  names: Record<string, string>;
}

const KEY_ATTRIBUTES = new Set(['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk']);

const reportDaySchema = z.pipe(
  z.catchall(z.object({ sk: z.string().check(z.startsWith(`${REPORT_DAY}#`)) }), z.union([z.number(), z.string()])),
  z.transform((row, ctx): ReportDay => {
    const out: ReportDay = { day: row.sk.slice(REPORT_DAY.length + 1), counts: {}, names: {} };
    for (const [k, v] of Object.entries(row)) {
      if (KEY_ATTRIBUTES.has(k)) continue;
      if (k.startsWith('N#')) {
        if (typeof v === 'string') out.names[k] = v;
        else ctx.issues.push({ code: 'custom', input: v, path: [k], message: 'a name must be text' });
      } else if (typeof v === 'number') out.counts[k] = v;
      else ctx.issues.push({ code: 'custom', input: v, path: [k], message: 'a counter must be a number' });
    }
    return out;
  }),
);
export const parseReportDay = rowParser('report day', reportDaySchema);

/** The day rows of a range (inclusive), in day order. */
export async function readDays(tenant: TenantId, start: string, end: string): Promise<ReportDay[]> {
  const out: ReportDay[] = [];
  for await (const items of queryPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
    ExpressionAttributeValues: {
      ':pk': keys.tenantPartition(tenant),
      ':a': `${REPORT_DAY}#${start}`,
      ':b': `${REPORT_DAY}#${end}`,
    },
  })) {
    out.push(...items.map(parseReportDay));
  }
  return out;
}

const DAY_LENGTH = 'yyyy-MM-dd'.length;

const entitySchema = (kind: ReportEntityKind) => {
  const prefix = `${REPORT_ENTITY_ROWS[kind]}#`;
  return z.pipe(
    z.catchall(z.object({ sk: z.string().check(z.startsWith(prefix)) }), z.union([z.number(), z.string()])),
    z.transform((row, ctx): ReportDay => {
      const day = row.sk.slice(prefix.length, prefix.length + DAY_LENGTH);
      const id = row.sk.slice(prefix.length + DAY_LENGTH + 1);
      const out: ReportDay = { day, counts: {}, names: {} };
      for (const [k, v] of Object.entries(row)) {
        if (KEY_ATTRIBUTES.has(k)) continue;
        if (k === 'name') {
          if (typeof v === 'string') out.names[`N#${kind}#${id}`] = v;
          else ctx.issues.push({ code: 'custom', input: v, path: [k], message: 'a name must be text' });
        } else if (typeof v === 'number') out.counts[`${kind}#${id}#${k}`] = v;
        else ctx.issues.push({ code: 'custom', input: v, path: [k], message: 'a counter must be a number' });
      }
      return out;
    }),
  );
};
const entityParsers = {
  e: rowParser('report employee day', entitySchema('e')),
  c: rowParser('report customer day', entitySchema('c')),
  i: rowParser('report item day', entitySchema('i')),
};
/** An entity row read in the day row's shape: `{kind}#{id}#{field}` counters and the `N#{kind}#{id}` name. */
export const parseReportEntity = (kind: ReportEntityKind, item: Record<string, unknown>) => entityParsers[kind](item);

/** The entity rows of one kind for a range (inclusive), in day order: one Query, one row per entity and day. */
export async function readEntityDays(
  tenant: TenantId,
  kind: ReportEntityKind,
  start: string,
  end: string,
): Promise<ReportDay[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :a AND :b',
    ExpressionAttributeValues: {
      ':pk': keys.tenantPartition(tenant),
      ':a': `${REPORT_ENTITY_ROWS[kind]}#${start}#`,
      ':b': `${REPORT_ENTITY_ROWS[kind]}#${end}#\uffff`,
    },
  });
  return items.map((item) => parseReportEntity(kind, item));
}

/**
 * Sums a family of counters `{prefix}#{id}#{field}` over the days, with the latest name (`N#{prefix}#{id}`)
 * per id. `entities`: that family's own rows (readEntityDays), added to what older day rows carry; on
 * one day their name wins.
 */
export function byEntity(days: ReportDay[], prefix: ReportEntityKind, entities: ReportDay[] = []) {
  const m = new Map<string, { f: Record<string, number>; name: string | null }>();
  const entry = (id: string) => {
    let e = m.get(id);
    if (!e) m.set(id, (e = { f: {}, name: null }));
    return e;
  };
  // A stable sort: on one day the day row's names come first, the entity rows' after them.
  const all = [...days, ...entities].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  for (const d of all) {
    for (const [k, v] of Object.entries(d.counts)) {
      if (!k.startsWith(`${prefix}#`)) continue;
      const last = k.lastIndexOf('#');
      const e = entry(k.slice(prefix.length + 1, last));
      const field = k.slice(last + 1);
      e.f[field] = (e.f[field] ?? 0) + v;
    }
    for (const [k, v] of Object.entries(d.names))
      if (k.startsWith(`N#${prefix}#`)) entry(k.slice(prefix.length + 3)).name = v;
  }
  return m;
}

/** The range's totals of the tenant-wide counters (no `#`) and the per-status, per-kind and per-hour ones. */
export function totals(days: ReportDay[]): Record<string, number> {
  const t: Record<string, number> = {};
  for (const d of days)
    for (const [k, v] of Object.entries(d.counts))
      if (!k.includes('#') || /^(s|k|h)#[^#]+$/.test(k)) t[k] = (t[k] ?? 0) + v;
  return t;
}
