import {
  RESERVATION_KINDS,
  RESERVATIONS_PAGE_SIZE,
  type ReservationListResponse,
} from '../../shared/contract/reservation-models.js';
import { batchGetAll } from '../lib/db.js';
import { type TenantId } from '../lib/keys.js';
import { organizationTimeZone } from '../lib/organization.js';
import { tenantRowsWithPrefix } from '../lib/rows.js';
import { RESERVATION_ROWS, requireLive, reservationKey } from '../reservation-rows/entity.js';
import { counterRow, countsOf, overdueCount } from './counts.js';
import { type Cursor, dayRange, decode, encode, type ListQuery, readPartition, statusOf } from './list-pages.js';
import { parsePaymentRow, parseReservationRow, type ReservationRow } from '../reservation-rows/row-schemas.js';
import { toPaymentView, toView } from '../reservation-rows/view.js';

type Row = Record<string, unknown>;

// ---------------------------------------------------------------- the list

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
  if (kinds.includes('ITEM')) counts.overdue = await overdueCount(tenant, counts.overdue, now);
  const noShow = q.noShow === 'true';
  const total = noShow
    ? (counts.noShow ?? 0)
    : statuses.length === 3
      ? counts.all
      : statuses.reduce((t, s) => t + counts[s.toLowerCase() as 'active'], 0);

  if (q.search?.trim() || q.customer?.trim()) {
    // The search (and the customers' search index it reads) loads on first use: a plain list is the cold start's
    // first answer (docs/decisions/0132-house-lean-bundles-fourth-pass-every-api.md).
    const { searchReservations } = await import('./search.js');
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
    reservations: taken.map((t) => toView(parseReservationRow(t.row), now)),
    counts,
    pagination: { limit, nextCursor, total },
  };
}

/** Reservation rows by id (BatchGet, 100 a call), for other areas (payment tracking, customers). */
export async function reservationsByIds(tenant: TenantId, ids: readonly string[]): Promise<ReservationRow[]> {
  const rows = await batchGetAll([...new Set(ids)].map((id) => ({ ...reservationKey(tenant, id) })));
  return rows.map(parseReservationRow);
}

// ---------------------------------------------------------------- one reservation

export async function reservationDetail(tenant: TenantId, id: string, now = Date.now()) {
  const row = await requireLive(tenant, id);
  const payments = await tenantRowsWithPrefix(tenant, `${RESERVATION_ROWS.payment}#${id}#`, parsePaymentRow);
  return { ...toView(row, now), payments: payments.map(toPaymentView) };
}
