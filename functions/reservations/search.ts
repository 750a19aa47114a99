/**
 * The list's searches (R-RES-3): reservation number (exact, one GetItem on `RESNUM#`), phone and customer
 * name (the customers' search index, then each matching customer's reservations on gsi2).
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ReservationKind, ReservationStatus } from '../../shared/contract/reservation-models.js';
import { db, tableName } from '../lib/db.js';
import type { TenantId } from '../lib/keys.js';
import { customerIdsMatching } from '../customers/entity.js';
import { customerIndex, numberKey, RESERVATION_ROWS, reservationKey } from '../reservation-rows/entity.js';
import { parseNumberPointer, parseReservationRow, type ReservationRow } from '../reservation-rows/row-schemas.js';

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
    const id = ptr.Item ? parseNumberPointer(ptr.Item).reservationId : undefined;
    if (id) {
      const row = await db().send(new GetCommand({ TableName: tableName(), Key: reservationKey(tenant, id) }));
      if (row.Item) found.set(id, parseReservationRow(row.Item));
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

async function customerReservations(tenant: TenantId, customerId: string, limit: number): Promise<ReservationRow[]> {
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
  return (res.Items ?? [])
    .filter((i) => String(i.sk).startsWith(`${RESERVATION_ROWS.reservation}#`))
    .map(parseReservationRow);
}
