/**
 * Reads of the Reservations page, none of which reads every reservation:
 * - the list: per kind and status, the gsi1 partitions `RES#{kind}#{status}` sorted by start time,
 *   merged when a chip spans several (All, or both kinds); 25 a page with a cursor that holds the
 *   last sort key taken from each partition; chip counts from the counter row;
 * - searches: reservation number (exact, one GetItem on `RESNUM#`), phone and customer name
 *   (the customers' search index, then each matching customer's reservations on gsi2);

 * The counter rows are read in ./counts.ts, the log in ./log-queries.ts.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  RESERVATION_KINDS,
  RESERVATIONS_PAGE_SIZE,
  type ReservationKind,
  type ReservationListResponse,
  type ReservationStatus,
} from '../../shared/contract/reservation-models.js';
import { endOfDayIn, isRealDate, startOfDayIn } from '../../shared/domain/time.js';
import { batchGetAll, db, tableName } from '../lib/db.js';
import { badRequest } from '../lib/errors.js';
import { keys, type TenantId } from '../lib/keys.js';
import { organizationTimeZone } from '../lib/organization.js';
import { customerIdsMatching } from '../customers/entity.js';
import {
  customerIndex,
  listIndex,
  numberKey,
  R,
  requireLive,
  reservationKey,
  stripKeys,
  toPaymentView,
  toView,
  type ReservationRow,
} from './entity.js';
import { counterRow, countsOf } from './counts.js';

type Row = Record<string, unknown>;
const STATUSES: ReservationStatus[] = ['ACTIVE', 'COMPLETED', 'CANCELLED'];

// ---------------------------------------------------------------- the list

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

type Cursor = Record<string, string | null>;
const encode = (c: Cursor) => Buffer.from(JSON.stringify(c), 'utf8').toString('base64url');
function decode(s: string | undefined): Cursor | undefined {
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

function dayRange(zone: string, startDate?: string, endDate?: string): { from?: string; to?: string } {
  for (const d of [startDate, endDate])
    if (d && !isRealDate(d)) throw badRequest('Dates must be real dates written YYYY-MM-DD');
  const from = startDate ? startOfDayIn(startDate, zone).toISOString() : undefined;
  const to = endDate ? endOfDayIn(endDate, zone).toISOString() : undefined;
  if (from && to && from > to) throw badRequest('Start date must be before end date');
  return { from, to };
}

/** Up to `want` rows of one partition after `after` (a gsi1sk), filtered; `done` when nothing is left. */
async function readPartition(
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
  let start: Row | undefined = after
    ? {
        pk: keys.tenantPartition(tenant),
        sk: `${R.reservation}#${after.slice(after.lastIndexOf('#') + 1)}`,
        gsi1pk: values[':pk'],
        gsi1sk: after,
      }
    : undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: keyCond,
        ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
        ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
        ExpressionAttributeValues: values,
        ScanIndexForward: !opts.desc,
        ExclusiveStartKey: start,
        Limit: filters.length ? Math.max(want, 200) : want,
      }),
    );
    rows.push(...(res.Items ?? []));
    start = res.LastEvaluatedKey;
  } while (start && rows.length < want);
  return { rows: rows.slice(0, want), done: !start && rows.length <= want };
}

function statusOf(q: ListQuery): ReservationStatus[] {
  // A no-show is a cancelled reservation (R-RES-12): the filter reads the cancelled partitions only.
  if (q.noShow === 'true') return ['CANCELLED'];
  const s = q.status?.toUpperCase();
  if (!s || s === 'ALL') return q.includeCompleted === 'false' ? ['ACTIVE', 'CANCELLED'] : STATUSES;
  return [s as ReservationStatus];
}

export async function listReservations(
  tenant: TenantId,
  q: ListQuery,
  now = Date.now(),
): Promise<ReservationListResponse> {
  const kinds = q.kind ? [q.kind] : [...RESERVATION_KINDS];
  const statuses = statusOf(q);
  const limit = q.limit ?? RESERVATIONS_PAGE_SIZE;
  const desc = q.order !== 'asc';
  const zone = await organizationTimeZone(tenant);
  const range = dayRange(zone, q.startDate, q.endDate);
  const counts = countsOf(await counterRow(tenant), kinds);
  const noShow = q.noShow === 'true';
  const total = noShow
    ? (counts.noShow ?? 0)
    : statuses.length === 3
      ? counts.all
      : statuses.reduce((t, s) => t + counts[s.toLowerCase() as 'active'], 0);

  if (q.search?.trim() || q.customer?.trim()) {
    const rows = await searchReservations(tenant, {
      text: q.search?.trim(),
      customer: q.customer?.trim(),
      kinds,
      statuses,
      serviceId: q.serviceId,
      noShow,
      desc,
      limit: Math.max(limit, 100),
    });
    return {
      reservations: rows.slice(0, Math.max(limit, 100)).map((r) => toView(r, now)),
      counts,
      pagination: { limit, nextCursor: null, total: rows.length },
    };
  }

  const cursor = decode(q.cursor);
  const parts = kinds.flatMap((k) => statuses.map((s) => ({ k, s, id: `${k}#${s}` })));
  const reads = await Promise.all(
    parts.map(async (p) => {
      const at = cursor?.[p.id];
      if (at === null) return { p, rows: [] as Row[], done: true };
      return {
        p,
        ...(await readPartition(tenant, p.k, p.s, at ?? undefined, limit, {
          desc,
          ...range,
          serviceId: q.serviceId,
          noShow,
        })),
      };
    }),
  );
  const merged = reads.flatMap((r) => r.rows.map((row) => ({ id: r.p.id, row, key: String(row.gsi1sk) })));
  merged.sort((a, b) => (desc ? b.key.localeCompare(a.key) : a.key.localeCompare(b.key)));
  const taken = merged.slice(0, limit);
  // Each partition's cursor: absent = from its beginning, null = exhausted, else the last sort key taken.
  const next: Cursor = {};
  let more = false;
  for (const r of reads) {
    const mine = taken.filter((t) => t.id === r.p.id);
    const exhausted = r.done && mine.length === r.rows.length;
    if (exhausted) next[r.p.id] = null;
    else {
      more = true;
      const at = mine.length ? mine[mine.length - 1]!.key : cursor?.[r.p.id];
      if (at) next[r.p.id] = at;
    }
  }
  const nextCursor = more ? encode(next) : null;
  return {
    reservations: taken.map((t) => toView(stripKeys(t.row), now)),
    counts,
    pagination: { limit, nextCursor, total },
  };
}

interface SearchInput {
  text?: string;
  customer?: string;
  kinds: readonly ReservationKind[];
  statuses: readonly ReservationStatus[];
  serviceId?: string;
  noShow?: boolean;
  desc: boolean;
  limit: number;
}

const NUMBER_RE = /^res-?\s*0*(\d{1,9})$/i;
const MAX_CUSTOMERS = 50;

/** Reservation number: exact. Phone: the customers' index (digits: start of the number, or its last 4 or 7). Name: prefix. */
export async function searchReservations(tenant: TenantId, s: SearchInput): Promise<ReservationRow[]> {
  const found = new Map<string, ReservationRow>();
  const text = s.text ?? '';
  const num = NUMBER_RE.exec(text.replace(/\s+/g, ''));
  if (num) {
    const ptr = await db().send(
      new GetCommand({ TableName: tableName(), Key: numberKey(tenant, `RES-${num[1]!.padStart(6, '0')}`) }),
    );
    const id = ptr.Item?.reservationId as string | undefined;
    if (id) {
      const row = await db().send(new GetCommand({ TableName: tableName(), Key: reservationKey(tenant, id) }));
      if (row.Item) found.set(id, stripKeys(row.Item));
    }
  } else {
    const ids = new Set<string>();
    for (const q of [text, s.customer ?? ''].filter(Boolean))
      for (const id of await customerIdsMatching(tenant, q, MAX_CUSTOMERS * 2)) ids.add(id);
    const lists = await Promise.all(
      [...ids].slice(0, MAX_CUSTOMERS).map((id) => customerReservations(tenant, id, 100)),
    );
    for (const list of lists) for (const r of list) found.set(r.id, r);
  }
  const rows = [...found.values()].filter(
    (r) =>
      !r.deletedAt &&
      s.kinds.includes(r.kind) &&
      s.statuses.includes(r.status) &&
      (!s.serviceId || r.serviceId === s.serviceId) &&
      (!s.noShow || r.noShow === true),
  );
  rows.sort((a, b) => (s.desc ? b.startTime.localeCompare(a.startTime) : a.startTime.localeCompare(b.startTime)));
  return rows.slice(0, s.limit);
}

export async function customerReservations(
  tenant: TenantId,
  customerId: string,
  limit: number,
): Promise<ReservationRow[]> {
  const res = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': customerIndex(tenant, customerId) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (res.Items ?? []).filter((i) => String(i.sk).startsWith(`${R.reservation}#`)).map(stripKeys);
}

/** Reservation rows by id (BatchGet, 100 a call), for other areas (payment tracking, customers). */
export async function reservationsByIds(tenant: TenantId, ids: readonly string[]): Promise<ReservationRow[]> {
  const rows = await batchGetAll([...new Set(ids)].map((id) => ({ ...reservationKey(tenant, id) })));
  return rows.map(stripKeys);
}

// ---------------------------------------------------------------- one reservation

export async function reservationDetail(tenant: TenantId, id: string, now = Date.now()) {
  const row = await requireLive(tenant, id);
  const res = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': keys.tenantPartition(tenant), ':p': `${R.payment}#${id}#` },
    }),
  );
  return { ...toView(row, now), payments: (res.Items ?? []).map(toPaymentView) };
}
