/**
 * Reservation rows and everything written with them (docs/data-model.md, "Reservations"). Only
 * this module knows key shapes and attribute names; lifecycle, booking and query modules build on it.
 *
 * Under the tenant partition `T#{org}`:
 * - `RESERVATION#{id}`: the reservation. Money in cents (`…Cents`). Indexes:
 *     gsi1 `T#{org}#RES#{kind}#{status}` / `{startTime}#{id}`: the lists and chips (removed on delete);
 *     gsi2 `T#{org}#CUSTRES#{customerId}` / `{startTime}#{id}`: a customer's reservations.
 * - `RESNUM#{reservationNumber}` → id: the exact number search.
 * - `RESLOG#{createdAt}#{uuid}`: the reservation log (gsi1 `T#{org}#RESLOG#A#{action}`, gsi2
 *   `T#{org}#RESLOG#{reservationId}`), newest last by sort key.
 * - `PAYMENT#{reservationId}#{at}#{uuid}`: deposits, charges, refunds, reversals, service payments.
 * - `ITEMBOOK#{itemId}`: the item's ACTIVE reservations (id → start, end, number) and a version; every
 *   booking of the item is conditional on the version it read, so overlaps are decided on one row.
 * - `SVCBOOK#{serviceId}#{reservationId}`: one per ACTIVE service reservation (number, start, end),
 *   written and removed with it: a service's bookings by key (a service delete names them).
 * - Deleting a reservation removes it from both indexes (gsi1, gsi2): a customer's reservations
 *   and the lists show live ones only, matching the customer's `reservationCount`.
 * - `STATS#reservations`: total, active, completed, cancelled, overdue, and `{kind}#{status}`,
 *   `{kind}#overdue`, `log#total`, `log#{action}`, `log#emp#{userId}`; `STATS#payments`: totalCents,
 *   count. All kept on write (ADD in the mutation's own transaction).
 * Cross-tenant sweep pointers (gsi1, pointers only): `SWEEP#OVERDUE` / `{endTime}#{org}#{id}` and
 * `SWEEP#RESSTART` / `{startTime}#{org}#{id}` (rows `OVERDUEQ#{id}`, `STARTQ#{id}` in the tenant).
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type {
  ReservationKind,
  ReservationStatus,
  ReservationView,
  LogAction,
  PaymentView,
  EmployeeRef,
} from '../../shared/contract/reservation-models.js';
import { fromCents, toCents } from '../../shared/domain/money.js';
import { addonQuantity, depositTypeLabel } from '../../shared/domain/pricing.js';
import { isOverdue } from '../../shared/domain/reservations.js';
import { db, tableName } from '../lib/db.js';
import { keys, type Key, type TenantId } from '../lib/keys.js';
import { gone, notFound } from '../lib/errors.js';
import { organizationTimeZone } from '../lib/organization.js';
import { formatNumericIn } from '../../shared/domain/time.js';
import type { AuthClaims } from '../lib/tokens.js';

export const R = {
  reservation: 'RESERVATION',
  number: 'RESNUM',
  log: 'RESLOG',
  payment: 'PAYMENT',
  itemBook: 'ITEMBOOK',
  serviceBooking: 'SVCBOOK',
  overdueQ: 'OVERDUEQ',
  startQ: 'STARTQ',
} as const;
export const OVERDUE_INDEX_PK = 'SWEEP#OVERDUE';
export const START_INDEX_PK = 'SWEEP#RESSTART';

export const reservationKey = (tenant: TenantId, id: string): Key => keys.entity(tenant, R.reservation, id);
export const numberKey = (tenant: TenantId, n: string): Key => keys.entity(tenant, R.number, n.trim().toUpperCase());
export const itemBookKey = (tenant: TenantId, itemId: string): Key => keys.entity(tenant, R.itemBook, itemId);
export const serviceBookingKey = (tenant: TenantId, serviceId: string, reservationId: string): Key =>
  keys.entity(tenant, R.serviceBooking, `${serviceId}#${reservationId}`);
/** The sort-key prefix of one service's booking pointers. */
export const serviceBookingPrefix = (serviceId: string) => `${R.serviceBooking}#${serviceId}#`;
export function serviceBookingRow(
  tenant: TenantId,
  r: Pick<ReservationRow, 'id' | 'serviceId' | 'reservationNumber' | 'startTime' | 'endTime'>,
): Row {
  return {
    ...serviceBookingKey(tenant, r.serviceId!, r.id),
    serviceId: r.serviceId,
    reservationId: r.id,
    reservationNumber: r.reservationNumber,
    startTime: r.startTime,
    endTime: r.endTime,
  };
}
/** A service's ACTIVE reservations that have not ended by `now` (its booking pointers, read by key). */
export async function upcomingServiceBookings(
  tenant: TenantId,
  serviceId: string,
  now: number,
): Promise<{ reservationId: string; reservationNumber: string; startTime: string }[]> {
  const out: { reservationId: string; reservationNumber: string; startTime: string }[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ConsistentRead: true,
        ExclusiveStartKey: start,
        ExpressionAttributeValues: { ':pk': keys.tenantPartition(tenant), ':p': serviceBookingPrefix(serviceId) },
      }),
    );
    for (const i of res.Items ?? [])
      if (Date.parse(String(i.endTime)) > now)
        out.push({
          reservationId: String(i.reservationId),
          reservationNumber: String(i.reservationNumber),
          startTime: String(i.startTime),
        });
    start = res.LastEvaluatedKey;
  } while (start);
  return out.sort((a, b) => a.startTime.localeCompare(b.startTime));
}
export const statsKey = (tenant: TenantId): Key => keys.entity(tenant, 'STATS', 'reservations');
export const paymentStatsKey = (tenant: TenantId): Key => keys.entity(tenant, 'STATS', 'payments');
export const listIndex = (tenant: TenantId, kind: ReservationKind, status: ReservationStatus) =>
  keys.tenantIndex(tenant, `RES#${kind}#${status}`);
export const customerIndex = (tenant: TenantId, customerId: string) =>
  keys.tenantIndex(tenant, `CUSTRES#${customerId}`);
export const logActionIndex = (tenant: TenantId, action: LogAction) => keys.tenantIndex(tenant, `RESLOG#A#${action}`);
export const logReservationIndex = (tenant: TenantId, reservationId: string) =>
  keys.tenantIndex(tenant, `RESLOG#${reservationId}`);

export interface Person {
  id: string | null;
  firstName: string;
  lastName: string;
}

/** A reservation as stored. Amounts in cents; older public-booking rows may carry dollars only. */
export interface ReservationRow {
  id: string;
  reservationNumber: string;
  kind: ReservationKind;
  status: ReservationStatus;
  source: 'STAFF' | 'PUBLIC_BOOKING';
  customerId: string;
  customer: {
    id: string;
    firstName: string;
    lastName: string;
    phone: string;
    email: string | null;
    address?: string | null;
  };
  inventoryItemId?: string | null;
  inventoryItem?: ReservationView['inventoryItem'];
  serviceId?: string | null;
  service?: { id: string; name: string; rate: number; rateType: string; tier?: string | null } | null;
  slot?: { date: string; startTime: string; endTime: string } | null;
  slotPlaces?: number;
  participantCount?: number | null;
  timeZone?: string | null;
  startTime: string;
  endTime: string;
  reservationDuration: number;
  actualReturnTime?: string | null;
  depositAmountCents?: number;
  depositTypeCash?: boolean;
  depositTypeCredit?: boolean;
  paymentId?: string | null;
  notes?: string | null;
  baseAmountCents?: number;
  /** The charges at booking, restored by reprocess. */
  bookedSubtotalCents?: number;
  bookedTaxAmountCents?: number;
  bookedTotalAmountCents?: number;
  subtotalCents?: number;
  taxRate?: number;
  taxAmountCents?: number;
  totalAmountCents?: number;
  overageAmountCents?: number;
  overageHours?: number;
  refundAmountCents?: number;
  refundHours?: number;
  hourlyRateAtBookingCents?: number | null;
  createdByEmployee?: Person | null;
  processedByEmployee?: Person | null;
  reprocessedByEmployee?: Person | null;
  reprocessedAt?: string | null;
  allergies?: boolean;
  allergiesText?: string | null;
  isPaid?: boolean;
  paidAmountCents?: number | null;
  paidSource?: string | null;
  paymentStatus?: string | null;
  isOverdue?: boolean;
  overdueMailedAt?: string | null;
  createdAt: string;
  updatedAt: string;
  deletedAt?: string | null;
  deletedBy?: string | null;
  deletedByUserId?: string | null;
  /** The charge payment row a return wrote, reversed by reprocess. */
  returnChargeCents?: number | null;
  /** A service booking's add-ons as charged (services/booking.ts); `quantity` since docs/decisions/right-about-money.md. */
  selectedAddons?: {
    id?: string;
    name: string;
    rate: number;
    rateType?: string;
    quantity?: number;
    amountCents: number;
  }[];
  [k: string]: unknown;
}

type Row = Record<string, unknown>;
/** Cents from `…Cents`, else the dollar attribute of older rows. */
export function cents(r: Row, name: string): number {
  const c = r[`${name}Cents`];
  if (typeof c === 'number' && Number.isFinite(c)) return c;
  const d = r[name];
  return d == null ? 0 : toCents(d as number | string);
}
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const strOrNull = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const person = (v: unknown): EmployeeRef | null => {
  if (!v || typeof v !== 'object') return null;
  const p = v as Row;
  return { id: strOrNull(p.id), firstName: str(p.firstName), lastName: str(p.lastName) };
};

/** Each add-on of a service booking as its own line of the price breakdown (docs/decisions/right-about-money.md). */
function addonLines(r: ReservationRow): ReservationView['addons'] {
  const people = Number(r.participantCount) || 1;
  return (r.selectedAddons ?? []).map((a) => ({
    name: a.name,
    rate: Number(a.rate) || 0,
    rateType: a.rateType ?? 'FIXED',
    quantity: a.quantity ?? addonQuantity(a.rateType, people),
    amount: fromCents(Number(a.amountCents) || 0),
  }));
}

export function toView(r: ReservationRow, now = Date.now()): ReservationView {
  const kind: ReservationKind = r.kind === 'SERVICE' || (!r.kind && r.serviceId) ? 'SERVICE' : 'ITEM';
  const hourly =
    r.hourlyRateAtBookingCents ?? (r.hourlyRateAtBooking != null ? toCents(r.hourlyRateAtBooking as number) : null);
  const c = r.customer ?? ({} as ReservationRow['customer']);
  return {
    id: r.id,
    reservationNumber: str(r.reservationNumber),
    status: r.status,
    kind,
    isOverdue: isOverdue({ ...r, kind }, now),
    noShow: r.noShow === true,
    source: r.source === 'PUBLIC_BOOKING' || r.isPublicBooking === true ? 'PUBLIC_BOOKING' : 'STAFF',
    customerId: str(r.customerId),
    customer: {
      id: str(c.id ?? r.customerId),
      firstName: str(c.firstName),
      lastName: str(c.lastName),
      phone: str(c.phone),
      email: strOrNull(c.email),
      address: strOrNull(c.address),
    },
    inventoryItemId: r.inventoryItemId ?? null,
    inventoryItem: r.inventoryItem ?? null,
    serviceId: r.serviceId ?? null,
    service: r.service
      ? {
          id: r.service.id,
          name: r.service.name,
          rate: Number(r.service.rate) || 0,
          rateType: r.service.rateType,
          tier: r.service.tier ?? null,
        }
      : null,
    slot: r.slot ?? null,
    // The booking's data; the notes' 'Participants:' and 'Selected Add-ons:' lines are for people only.
    participantCount: kind === 'SERVICE' ? (r.participantCount ?? 1) : null,
    addonNames: kind === 'SERVICE' ? (r.selectedAddons ?? []).map((a) => a.name) : [],
    addons: kind === 'SERVICE' ? addonLines(r) : [],
    startTime: r.startTime,
    endTime: r.endTime,
    reservationDuration: Number(r.reservationDuration) || 0,
    actualReturnTime: r.actualReturnTime ?? null,
    depositAmount: fromCents(cents(r, 'depositAmount')),
    depositTypeCash: r.depositTypeCash === true,
    depositTypeCredit: r.depositTypeCredit === true,
    paymentId: r.paymentId ?? null,
    notes: r.notes ?? null,
    baseAmount: fromCents(r.baseAmountCents ?? cents(r, 'subtotal')),
    subtotal: fromCents(cents(r, 'subtotal')),
    taxRate: Number(r.taxRate) || 0,
    taxAmount: fromCents(cents(r, 'taxAmount')),
    totalAmount: fromCents(cents(r, 'totalAmount')),
    overageAmount: fromCents(cents(r, 'overageAmount')),
    overageHours: Number(r.overageHours) || 0,
    refundAmount: fromCents(cents(r, 'refundAmount')),
    refundHours: Number(r.refundHours) || 0,
    hourlyRateAtBooking: hourly == null ? null : fromCents(hourly),
    createdByEmployee: person(r.createdByEmployee),
    processedByEmployee: person(r.processedByEmployee),
    reprocessedByEmployee: person(r.reprocessedByEmployee),
    reprocessedAt: r.reprocessedAt ?? null,
    allergies: r.allergies === true,
    allergiesText: r.allergiesText ?? null,
    isPaid: r.isPaid === true,
    paidAmount:
      r.paidAmountCents != null ? fromCents(r.paidAmountCents) : r.paidAmount != null ? Number(r.paidAmount) : null,
    paidSource: r.paidSource ?? null,
    paymentStatus: r.paymentStatus ?? null,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt ?? r.createdAt,
    deletedAt: r.deletedAt ?? null,
    deletedBy: r.deletedBy ?? null,
  };
}

/** The `{success, message, data}` answer of a reservation write. */
export const reservationAnswer = (row: ReservationRow, message: string) => ({
  success: true as const,
  message,
  data: toView(row),
});

export function stripKeys(item: Row): ReservationRow {
  const { pk: _a, sk: _b, gsi1pk: _c, gsi1sk: _d, gsi2pk: _e, gsi2sk: _f, ...rest } = item;
  return rest as ReservationRow;
}

export async function getReservationRow(
  tenant: TenantId,
  id: string,
  consistent = true,
): Promise<ReservationRow | null> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: reservationKey(tenant, id), ConsistentRead: consistent }),
  );
  return res.Item ? stripKeys(res.Item) : null;
}

/** R-RES-11: the detail dialog's 410 text. */
export async function deletedMessage(tenant: TenantId, r: ReservationRow): Promise<string> {
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

export interface LogInput {
  action: LogAction;
  reservation: ReservationRow;
  actor: Person | null;
  at: string;
  paymentId?: string | null;
  note?: string | null;
}

export function itemLabel(r: Pick<ReservationRow, 'inventoryItem' | 'service'>): string | null {
  if (r.service?.name) return r.service.name;
  if (r.inventoryItem) return `${r.inventoryItem.itemNumber} ${r.inventoryItem.name}`.trim();
  return null;
}

export const actorName = (p: Person | null) => (p ? `${p.firstName} ${p.lastName}`.trim() || 'Staff' : 'System');

/** The log row of a transition, and the counter deltas that go with it (total, per action, per employee). */
export function logRow(tenant: TenantId, input: LogInput): { item: Row; counters: Record<string, number> } {
  const r = input.reservation;
  const id = randomUUID();
  const item = {
    ...keys.entity(tenant, R.log, `${input.at}#${id}`),
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

export type PaymentType = PaymentView['paymentType'];

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
    ...keys.entity(tenant, R.payment, `${p.reservationId}#${p.at}#${id}`),
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

export function toPaymentView(r: Row): PaymentView {
  return {
    id: str(r.id),
    amount: fromCents(Number(r.amountCents) || 0),
    paymentType: r.paymentType as PaymentType,
    paymentDate: str(r.paymentDate),
    method: strOrNull(r.method),
    paymentId: strOrNull(r.paymentId),
    note: strOrNull(r.note),
    employee: (r.employee as PaymentView['employee']) ?? null,
  };
}

export const depositMethod = (cash?: boolean, credit?: boolean) =>
  cash || credit ? depositTypeLabel(cash, credit) : null;

// ---------------------------------------------------------------- actors

const actorCache = new Map<string, { p: Person; at: number }>();

/** The signed-in user's name from their user row (cached a minute per warm function). */
export async function actorOf(tenant: TenantId, auth: AuthClaims): Promise<Person> {
  // A change made with an API key is logged under the key's name (R-SET-9): no user row stands behind it.
  if (auth.apiKey) return { id: auth.userId, firstName: auth.username, lastName: '' };
  const k = `${tenant}#${auth.userId}`;
  const hit = actorCache.get(k);
  if (hit && Date.now() - hit.at < 60_000) return hit.p;
  const res = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.user(tenant, auth.userId),
      ProjectionExpression: 'firstName, lastName',
    }),
  );
  const fallback = auth.username.split('@')[0] ?? 'Staff';
  const p: Person = {
    id: auth.userId,
    firstName: str(res.Item?.firstName) || fallback,
    lastName: str(res.Item?.lastName),
  };
  if (actorCache.size > 5000) actorCache.clear();
  actorCache.set(k, { p, at: Date.now() });
  return p;
}

// ---------------------------------------------------------------- sweep pointers

export function overduePointer(tenant: TenantId, r: Pick<ReservationRow, 'id' | 'endTime'>): Row {
  return {
    ...keys.entity(tenant, R.overdueQ, r.id),
    gsi1pk: OVERDUE_INDEX_PK,
    gsi1sk: `${r.endTime}#${tenant}#${r.id}`,
    tenantId: tenant,
    reservationId: r.id,
    endTime: r.endTime,
  };
}
export function startPointer(tenant: TenantId, r: Pick<ReservationRow, 'id' | 'startTime'>): Row {
  return {
    ...keys.entity(tenant, R.startQ, r.id),
    gsi1pk: START_INDEX_PK,
    gsi1sk: `${r.startTime}#${tenant}#${r.id}`,
    tenantId: tenant,
    reservationId: r.id,
    startTime: r.startTime,
  };
}
export const overduePointerKey = (tenant: TenantId, id: string) => keys.entity(tenant, R.overdueQ, id);
export const startPointerKey = (tenant: TenantId, id: string) => keys.entity(tenant, R.startQ, id);
