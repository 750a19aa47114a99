/**
 * Reservation rows and everything written with them (docs/data-model.md, "Reservations"). Only
 * this module knows key shapes and attribute names; lifecycle, booking and query modules build on it.
 * The row layer (functions/reservation-rows/) ranks below customers and services, so the customer's
 * bookings, the slot hold sweeps, the new-booking transaction (functions/bookings/) and the staff
 * routes (functions/reservations/) all read it downwards (docs/decisions/0260-areas-depend-one-way.md).
 *
 * Under the tenant partition `T#{org}`:
 * - `RESERVATION#{id}`: the reservation. Money in cents (`…Cents`). Indexes:
 *     gsi1 `T#{org}#RES#{kind}#{status}` / `{startTime}#{id}`: the lists and chips (removed on delete);
 *     gsi2 `T#{org}#CUSTRES#{customerId}` / `{startTime}#{id}`: a customer's reservations.
 * - `RESNUM#{reservationNumber}` → id: the exact number search.
 * - `RESLOG#{createdAt}#{uuid}`: the reservation log (gsi1 `T#{org}#RESLOG#A#{action}`, gsi2
 *   `T#{org}#RESLOG#{reservationId}`), newest last by sort key.
 * - `PAYMENT#{reservationId}#{at}#{uuid}`: deposits, charges, refunds, reversals, service payments.
 * - `ITEMBOOK#{itemId}` (owned by inventory, inventory/item-book-row.ts, and written in these
 *   transactions): the item's ACTIVE reservations and a version, so overlaps are decided on one row.
 * - `SVCBOOK#{serviceId}#{reservationId}` (./service-bookings.ts, written in these transactions): one
 *   per ACTIVE service reservation, so a service delete names them.
 * - Deleting a reservation removes it from both indexes (gsi1, gsi2): a customer's reservations
 *   and the lists show live ones only, matching the customer's `reservationCount`.
 * - `STATS#reservations#{k}`: total, active, completed, cancelled, overdue, and `{kind}#{status}`,
 *   `{kind}#overdue`, `log#total`, `log#{action}`, `log#emp#{userId}`; `STATS#payments#{k}`: totalCents,
 *   count. All kept on write (ADD in the mutation's own transaction) to the shard k of the
 *   reservation (R-PLAT-17), summed on read with the legacy unsharded `STATS#reservations`.
 * Cross-tenant sweep pointers (gsi1, pointers only, sharded by tenant: functions/lib/sweep-shards.ts):
 * `SWEEP#OVERDUE#{shard}` / `{endTime}#{org}#{id}` and
 * `SWEEP#RESSTART#{shard}` / `{startTime}#{org}#{id}` (rows `OVERDUEQ#{id}`, `STARTQ#{id}` in the tenant).
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type {
  LogAction,
  PaymentView,
  ReservationKind,
  ReservationStatus,
} from '../../shared/contract/reservation-models.js';
import { depositTypeLabel } from '../../shared/domain/reservations.js';
import { db, tableName } from '../lib/db.js';
import { shardedCounterKey } from '../lib/counter-shards.js';
import { keys, type Key, type TenantId } from '../lib/keys.js';
import { warmCache } from '../lib/warm-cache.js';
import { gone, notFound } from '../lib/errors.js';
import { organizationTimeZone } from '../lib/organization.js';
import { formatNumericIn } from '../../shared/domain/time.js';
import type { AuthClaims } from '../lib/tokens.js';
import { rowParser } from '../lib/rows.js';
import * as z from '../../shared/zod.js';
import { parseReservationRow, type Person, type ReservationRow } from './row-schemas.js';
import { shardedIndexKey } from '../lib/sweep-shard-keys.js';

// What other areas (the new-booking transaction among them) read of reservations, through this module (functions/lint/boundaries.ts):
// the row's type and parse, the sweep pointers' parses (./row-schemas.ts) and the answer shape (./view.ts).
export {
  parseOverduePointer,
  parseReservationRow,
  parseStartPointer,
  type Person,
  type ReservationRow,
} from './row-schemas.js';
export { toView } from './view.js';

type Row = Record<string, unknown>;

export const RESERVATION_ROWS = {
  reservation: 'RESERVATION',
  number: 'RESNUM',
  log: 'RESLOG',
  payment: 'PAYMENT',
  overdueQ: 'OVERDUEQ',
  startQ: 'STARTQ',
} as const;
export const OVERDUE_INDEX_PK = 'SWEEP#OVERDUE';
export const START_INDEX_PK = 'SWEEP#RESSTART';

export const reservationKey = (tenant: TenantId, id: string): Key =>
  keys.entity(tenant, RESERVATION_ROWS.reservation, id);
export const numberKey = (tenant: TenantId, n: string): Key =>
  keys.entity(tenant, RESERVATION_ROWS.number, n.trim().toUpperCase());
/**
 * The counter rows a write about reservation `reservationId` ADDs to: one of the COUNTER_SHARDS rows
 * of each counter (R-PLAT-17, functions/lib/counter-shards.ts); ./counts.ts sums them on read.
 */
export const statsKey = (tenant: TenantId, reservationId: string): Key =>
  shardedCounterKey(tenant, RESERVATION_COUNTERS, reservationId);
export const paymentStatsKey = (tenant: TenantId, reservationId: string): Key =>
  shardedCounterKey(tenant, PAYMENT_COUNTERS, reservationId);
export const RESERVATION_COUNTERS = 'reservations';
export const PAYMENT_COUNTERS = 'payments';
export const listIndex = (tenant: TenantId, kind: ReservationKind, status: ReservationStatus) =>
  keys.tenantIndex(tenant, `RES#${kind}#${status}`);
export const customerIndex = (tenant: TenantId, customerId: string) =>
  keys.tenantIndex(tenant, `CUSTRES#${customerId}`);
export const logActionIndex = (tenant: TenantId, action: LogAction) => keys.tenantIndex(tenant, `RESLOG#A#${action}`);
export const logReservationIndex = (tenant: TenantId, reservationId: string) =>
  keys.tenantIndex(tenant, `RESLOG#${reservationId}`);

export async function getReservationRow(
  tenant: TenantId,
  id: string,
  consistent = true,
): Promise<ReservationRow | null> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: reservationKey(tenant, id), ConsistentRead: consistent }),
  );
  return res.Item ? parseReservationRow(res.Item) : null;
}

/** R-RES-11: the detail dialog's 410 text. */
async function deletedMessage(tenant: TenantId, r: ReservationRow): Promise<string> {
  const zone = await organizationTimeZone(tenant);
  return `This reservation was deleted by ${r.deletedBy || 'a user'} at ${formatNumericIn(Date.parse(r.deletedAt!), zone, 'M/d/yyyy, h:mm a')}.`;
}

export async function requireLive(tenant: TenantId, id: string): Promise<ReservationRow> {
  const row = await getReservationRow(tenant, id);
  if (!row) throw notFound('Reservation not found');
  if (row.deletedAt) throw gone(await deletedMessage(tenant, row));
  return row;
}

/** The index attributes of a reservation in a status (lists and the customer's reservations). */
export function indexAttributes(
  tenant: TenantId,
  r: Pick<ReservationRow, 'kind' | 'status' | 'startTime' | 'id' | 'customerId'>,
) {
  return {
    gsi1pk: listIndex(tenant, r.kind, r.status),
    gsi1sk: `${r.startTime}#${r.id}`,
    gsi2pk: customerIndex(tenant, r.customerId),
    gsi2sk: `${r.startTime}#${r.id}`,
  };
}

/** Counter deltas for a reservation entering (+1) or leaving (-1) a status. */
export function statusDelta(kind: ReservationKind, status: ReservationStatus, n: number): Record<string, number> {
  return { [status.toLowerCase()]: n, [`${kind}#${status}`]: n };
}

// ---------------------------------------------------------------- the log

interface LogInput {
  action: LogAction;
  reservation: ReservationRow;
  actor: Person | null;
  at: string;
  paymentId?: string | null;
  note?: string | null;
}

function itemLabel(r: Pick<ReservationRow, 'inventoryItem' | 'service'>): string | null {
  if (r.service?.name) return r.service.name;
  if (r.inventoryItem) return `${r.inventoryItem.itemNumber} ${r.inventoryItem.name}`.trim();
  return null;
}

const actorName = (p: Person | null) => (p ? `${p.firstName} ${p.lastName}`.trim() || 'Staff' : 'System');

/** The log row of a transition, and the counter deltas that go with it (total, per action, per employee). */
export function logRow(tenant: TenantId, input: LogInput): { item: Row; counters: Record<string, number> } {
  const r = input.reservation;
  const id = randomUUID();
  const item = {
    ...keys.entity(tenant, RESERVATION_ROWS.log, `${input.at}#${id}`),
    gsi1pk: logActionIndex(tenant, input.action),
    gsi1sk: `${input.at}#${id}`,
    gsi2pk: logReservationIndex(tenant, r.id),
    gsi2sk: `${input.at}#${id}`,
    id,
    action: input.action,
    reservationId: r.id,
    reservationNumber: r.reservationNumber,
    actorName: actorName(input.actor),
    actorUserId: input.actor?.id ?? null,
    customerName: `${r.customer?.firstName ?? ''} ${r.customer?.lastName ?? ''}`.trim() || null,
    itemLabel: itemLabel(r),
    startTime: r.startTime,
    hours: Number(r.reservationDuration) || null,
    expectedReturnTime: r.endTime,
    actualReturnTime: r.actualReturnTime ?? null,
    paymentId: input.paymentId ?? r.paymentId ?? null,
    note: input.note ?? null,
    createdAt: input.at,
  };
  const counters: Record<string, number> = { 'log#total': 1, [`log#${input.action}`]: 1 };
  if (input.actor?.id) counters[`log#emp#${input.actor.id}`] = 1;
  return { item, counters };
}

// ---------------------------------------------------------------- payments

type PaymentType = PaymentView['paymentType'];

export function paymentRow(
  tenant: TenantId,
  p: {
    reservationId: string;
    amountCents: number;
    type: PaymentType;
    method: string | null;
    paymentId?: string | null;
    note?: string | null;
    employee: Person | null;
    at: string;
  },
): Row {
  const id = randomUUID();
  return {
    ...keys.entity(tenant, RESERVATION_ROWS.payment, `${p.reservationId}#${p.at}#${id}`),
    id,
    reservationId: p.reservationId,
    amountCents: p.amountCents,
    paymentType: p.type,
    method: p.method,
    paymentId: p.paymentId ?? null,
    note: p.note ?? null,
    employee: p.employee ? { firstName: p.employee.firstName, lastName: p.employee.lastName } : null,
    paymentDate: p.at,
  };
}

export const depositMethod = (cash?: boolean, credit?: boolean) =>
  cash || credit ? depositTypeLabel(cash, credit) : null;

// ---------------------------------------------------------------- actors

const actorCache = warmCache<Person>(60_000);
/** The projection of the user row (functions/auth/entity.ts) a log line and a row's `…By` name people by. */
const parseUserName = rowParser('user name', z.object({ firstName: z.string(), lastName: z.string() }));

/** The signed-in user's name from their user row (cached a minute per warm function). */
export function actorOf(tenant: TenantId, auth: AuthClaims): Promise<Person> {
  // A change made with an API key is logged under the key's name (R-SET-9): no user row stands behind it.
  if (auth.apiKey) return Promise.resolve({ id: auth.userId, firstName: auth.username, lastName: '' });
  return actorCache.get(`${tenant}#${auth.userId}`, () => readActor(tenant, auth));
}

async function readActor(tenant: TenantId, auth: AuthClaims): Promise<Person> {
  const res = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.user(tenant, auth.userId),
      ProjectionExpression: 'firstName, lastName',
    }),
  );
  const name = res.Item ? parseUserName(res.Item) : null;
  return {
    id: auth.userId,
    firstName: name?.firstName || (auth.username.split('@')[0] ?? 'Staff'),
    lastName: name?.lastName ?? '',
  };
}

// ---------------------------------------------------------------- sweep pointers

export function overduePointer(tenant: TenantId, r: Pick<ReservationRow, 'id' | 'endTime'>): Row {
  return {
    ...keys.entity(tenant, RESERVATION_ROWS.overdueQ, r.id),
    gsi1pk: shardedIndexKey(OVERDUE_INDEX_PK, tenant),
    gsi1sk: `${r.endTime}#${tenant}#${r.id}`,
    tenantId: tenant,
    reservationId: r.id,
    endTime: r.endTime,
  };
}
export function startPointer(tenant: TenantId, r: Pick<ReservationRow, 'id' | 'startTime'>): Row {
  return {
    ...keys.entity(tenant, RESERVATION_ROWS.startQ, r.id),
    gsi1pk: shardedIndexKey(START_INDEX_PK, tenant),
    gsi1sk: `${r.startTime}#${tenant}#${r.id}`,
    tenantId: tenant,
    reservationId: r.id,
    startTime: r.startTime,
  };
}
export const overduePointerKey = (tenant: TenantId, id: string) => keys.entity(tenant, RESERVATION_ROWS.overdueQ, id);
export const startPointerKey = (tenant: TenantId, id: string) => keys.entity(tenant, RESERVATION_ROWS.startQ, id);
