/**
 * The pages of the Reservations list (./queries.ts listReservations): the gsi1 partitions
 * `RES#{kind}#{status}` sorted by start time, read one at a time after a position, and the cursor that
 * holds the last sort key taken from each partition (null: exhausted).
 */
import type { ReservationKind, ReservationStatus } from '../../shared/contract/reservation-models.js';
import { endOfDayIn, isRealDate, startOfDayIn } from '../../shared/domain/time.js';
import { queryPageResults, tableName } from '../lib/db.js';
import { badRequest } from '../lib/errors.js';
import { keys, type TenantId } from '../lib/keys.js';
import { listIndex, RESERVATION_ROWS } from '../reservation-rows/entity.js';

type Row = Record<string, unknown>;
const STATUSES: ReservationStatus[] = ['ACTIVE', 'COMPLETED', 'CANCELLED'];

export interface ListQuery {
  status?: string;
  kind?: ReservationKind;
  startDate?: string;
  endDate?: string;
  limit?: number;
  cursor?: string;
  order?: 'asc' | 'desc';
  search?: string;
  customer?: string;
  serviceId?: string;
  includeCompleted?: string;
  /** 'true': the no-shows only (R-RES-12). */
  noShow?: string;
}

export type Cursor = Record<string, string | null>;
export const encode = (c: Cursor) => Buffer.from(JSON.stringify(c), 'utf8').toString('base64url');
export function decode(s: string | undefined): Cursor | undefined {
  if (!s) return undefined;
  try {
    const v = JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as unknown;
    if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error('shape');
    for (const [k, x] of Object.entries(v))
      if (
        !/^(ITEM|SERVICE)#(ACTIVE|COMPLETED|CANCELLED)$/.test(k) ||
        (x !== null && (typeof x !== 'string' || x.length > 200))
      )
        throw new Error('shape');
    return v as Cursor;
  } catch {
    throw badRequest('Invalid cursor');
  }
}

export function dayRange(zone: string, startDate?: string, endDate?: string): { from?: string; to?: string } {
  for (const d of [startDate, endDate])
    if (d && !isRealDate(d)) throw badRequest('Dates must be real dates written YYYY-MM-DD');
  const from = startDate ? startOfDayIn(startDate, zone).toISOString() : undefined;
  const to = endDate ? endOfDayIn(endDate, zone).toISOString() : undefined;
  if (from && to && from > to) throw badRequest('Start date must be before end date');
  return { from, to };
}

/** Up to `want` rows of one partition after `after` (a gsi1sk), filtered; `done` when nothing is left. */
export async function readPartition(
  tenant: TenantId,
  kind: ReservationKind,
  status: ReservationStatus,
  after: string | undefined,
  want: number,
  opts: { desc: boolean; from?: string; to?: string; serviceId?: string; noShow?: boolean },
): Promise<{ rows: Row[]; done: boolean }> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':pk': listIndex(tenant, kind, status) };
  let keyCond = 'gsi1pk = :pk';
  const filters: string[] = [];
  // Completed: the range is on the return time (the return-date filter); otherwise on the start time.
  if (status === 'COMPLETED' && (opts.from || opts.to)) {
    names['#ret'] = 'actualReturnTime';
    if (opts.from) filters.push('#ret >= :from'), (values[':from'] = opts.from);
    if (opts.to) filters.push('#ret <= :to'), (values[':to'] = opts.to);
  } else if (opts.from || opts.to) {
    keyCond += ' AND gsi1sk BETWEEN :from AND :to';
    values[':from'] = opts.from ?? '0000';
    values[':to'] = `${opts.to ?? '9999'}\uffff`;
  }
  if (opts.serviceId) {
    names['#svc'] = 'serviceId';
    values[':svc'] = opts.serviceId;
    filters.push('#svc = :svc');
  }
  if (opts.noShow) {
    names['#ns'] = 'noShow';
    values[':ns'] = true;
    filters.push('#ns = :ns');
  }
  const rows: Row[] = [];
  let next: Row | undefined;
  const pages = queryPageResults(
    {
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: keyCond,
      ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
      ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: values,
      ScanIndexForward: !opts.desc,
      Limit: filters.length ? Math.max(want, 200) : want,
    },
    {
      after: after
        ? {
            pk: keys.tenantPartition(tenant),
            sk: `${RESERVATION_ROWS.reservation}#${after.slice(after.lastIndexOf('#') + 1)}`,
            gsi1pk: values[':pk'],
            gsi1sk: after,
          }
        : undefined,
    },
  );
  for await (const page of pages) {
    rows.push(...page.items);
    next = page.lastKey;
    if (rows.length >= want) break;
  }
  return { rows: rows.slice(0, want), done: !next && rows.length <= want };
}

export function statusOf(q: ListQuery): ReservationStatus[] {
  // A no-show is a cancelled reservation (R-RES-12): the filter reads the cancelled partitions only.
  if (q.noShow === 'true') return ['CANCELLED'];
  const s = q.status?.toUpperCase();
  if (!s || s === 'ALL') return q.includeCompleted === 'false' ? ['ACTIVE', 'CANCELLED'] : STATUSES;
  return [s as ReservationStatus];
}
