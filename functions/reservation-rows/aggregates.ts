/**
 * Per-day report aggregates kept on write (docs/decisions/0201-reports-aggregates-kept-on-write.md,
 * docs/decisions/0263-bounded-rows.md; docs/data-model.md "Reports"; R-REP-8).
 *
 * Rows per tenant and day, none of which grows with the day's volume (R-REP-8):
 *   `T#{org}` / `REPDAY#{yyyy-MM-dd}`            the tenant-wide totals (a fixed set of counters)
 *   `T#{org}` / `REPC#{yyyy-MM-dd}#{customerId}`  one customer's figures that day, and `name`
 *   `T#{org}` / `REPI#{yyyy-MM-dd}#{itemId}`      one item's figures that day, and `name`
 *   `T#{org}` / `REPE#{yyyy-MM-dd}#{userId}`      one creator's figures that day, and `name`
 * The day is the reservation's start day in the zone recorded on the reservation at booking
 * (`timeZone`: the organization's zone, or the service's zone for service bookings), else the
 * product default; a reservation never moves between days because its start and zone never change.
 * Every transaction that creates or changes a reservation adds, in the same transaction,
 * contribution(after) - contribution(before) to those rows (ADD), so they always equal what the raw
 * reservations say (integration test). Day rows written before the split also hold the per-customer,
 * per-item and per-employee figures below; readers add both (./report-days.ts), and as the split rows
 * take only deltas, the sum stays right without a migration.
 *
 * Contribution of one live (not deleted) reservation, as flat counter names (the split above is
 * `splitContribution`):
 *   n, s#{status}                         1 (all statuses)
 *   "booked" = status is not CANCELLED:
 *   rev, ovr                              totalAmountCents, overageAmountCents (booked only; R-REP-9 "Booked")
 *   rfd                                   what the return paid back, `refundPaidCents` (R-REP-9 "Refunded": the REFUND
 *                                         payment rows); rows returned before it was kept: refundAmountCents
 *   tx                                    taxAmountCents of COMPLETED ones (R-REP-9 "Tax collected")
 *   b, k#{kind}, h#{HH}                   1 (booked only; HH = start hour in the zone)
 *   dm, dn                                item duration minutes and 1, when 0 < hours < 24 (booked only)
 *   e#{emp}#n / #c / #x / #rev / #crev    creator: all, completed, cancelled, booked, booked of the completed ones
 *   c#{customer}#n / #rev                 booked count and revenue
 *   i#{item}#n / #min / #rev              booked item reservations: count, reserved minutes (booked hours
 *                                         + overage hours), revenue
 *   ns, c#{customer}#ns                   1 for a no-show (CANCELLED with noShow; R-RES-12)
 * Names beside them: `N#e#{id}` (employee name), `N#c#{id}` ({name, phone}),
 * `N#i#{id}` ({name, productTypeId, productType}); SET as the split row's `name`.
 */
import { dayOf, clockOf, DEFAULT_TIME_ZONE, isValidTimeZone } from '../../shared/domain/time.js';
import type { AuditedWrite } from '../lib/audited-write.js';
import { keys, type Key, type TenantId } from '../lib/keys.js';
import type { ReservationRow } from './entity.js';

export const REPORT_DAY = 'REPDAY';
export const reportDayKey = (tenant: TenantId, day: string): Key => ({
  pk: keys.tenantPartition(tenant),
  sk: `${REPORT_DAY}#${day}`,
});

/** The row kind of each per-entity family: creator (`e`), customer (`c`), item (`i`). */
export const REPORT_ENTITY_ROWS = { e: 'REPE', c: 'REPC', i: 'REPI' } as const;
export type ReportEntityKind = keyof typeof REPORT_ENTITY_ROWS;
const reportEntityKey = (tenant: TenantId, kind: ReportEntityKind, day: string, id: string): Key => ({
  pk: keys.tenantPartition(tenant),
  sk: `${REPORT_ENTITY_ROWS[kind]}#${day}#${id}`,
});

interface Contribution {
  day: string;
  counts: Record<string, number>;
  names: Record<string, string>;
}

const zoneOf = (r: ReservationRow) => (r.timeZone && isValidTimeZone(r.timeZone) ? r.timeZone : DEFAULT_TIME_ZONE);
const fullName = (p: { firstName?: string; lastName?: string } | null | undefined) =>
  `${p?.firstName ?? ''} ${p?.lastName ?? ''}`.trim();

/** What one reservation adds to its day row (null when deleted). Pure: also used by the raw comparison test. */
export function contribution(r: ReservationRow | null): Contribution | null {
  if (!r || r.deletedAt) return null;
  const zone = zoneOf(r);
  const start = Date.parse(r.startTime);
  if (!Number.isFinite(start)) return null;
  const counts: Record<string, number> = {};
  const names: Record<string, string> = {};
  const add = (k: string, n: number) => {
    if (n) counts[k] = (counts[k] ?? 0) + n;
  };
  const booked = r.status !== 'CANCELLED';
  const kind = r.kind;
  const total = r.totalAmountCents ?? 0;
  add('n', 1);
  add(`s#${r.status}`, 1);
  if (booked) {
    add('b', 1);
    add('rev', total);
    add('ovr', r.overageAmountCents ?? 0);
    add('rfd', r.refundPaidCents ?? r.refundAmountCents ?? 0);
    add(`k#${kind}`, 1);
    add(`h#${clockOf(start, zone).slice(0, 2)}`, 1);
  }
  if (r.status === 'COMPLETED') add('tx', r.taxAmountCents ?? 0);
  if (r.status === 'CANCELLED' && r.noShow === true) {
    add('ns', 1);
    if (r.customerId) {
      add(`c#${r.customerId}#ns`, 1);
      names[`N#c#${r.customerId}`] = JSON.stringify({
        name: fullName(r.customer) || 'Unknown',
        phone: r.customer?.phone ?? '',
      });
    }
  }
  const hours = r.reservationDuration;
  if (booked && kind === 'ITEM' && hours > 0 && hours < 24) {
    add('dm', Math.round(hours * 60));
    add('dn', 1);
  }
  const emp = r.createdByEmployee?.id;
  if (emp) {
    add(`e#${emp}#n`, 1);
    if (r.status === 'COMPLETED') {
      add(`e#${emp}#c`, 1);
      add(`e#${emp}#crev`, total);
    }
    if (r.status === 'CANCELLED') add(`e#${emp}#x`, 1);
    if (booked) add(`e#${emp}#rev`, total);
    names[`N#e#${emp}`] = fullName(r.createdByEmployee) || 'Unknown';
  }
  if (booked && r.customerId) {
    add(`c#${r.customerId}#n`, 1);
    add(`c#${r.customerId}#rev`, total);
    names[`N#c#${r.customerId}`] = JSON.stringify({
      name: fullName(r.customer) || 'Unknown',
      phone: r.customer?.phone ?? '',
    });
  }
  if (booked && kind === 'ITEM' && r.inventoryItemId) {
    const id = r.inventoryItemId;
    add(`i#${id}#n`, 1);
    add(`i#${id}#min`, Math.round((hours + (r.overageHours ?? 0)) * 60));
    add(`i#${id}#rev`, total);
    const it = r.inventoryItem;
    names[`N#i#${id}`] = JSON.stringify({
      name: it?.name ?? id,
      itemNumber: it?.itemNumber ?? '',
      productTypeId: it?.productType?.id ?? '',
      productType: it?.productType?.name ?? 'Other',
    });
  }
  return { day: dayOf(start, zone), counts, names };
}

/** The deltas (after - before) per day row; zero deltas dropped. */
function aggregateDeltas(before: ReservationRow | null, after: ReservationRow | null): Map<string, Contribution> {
  const out = new Map<string, Contribution>();
  const apply = (c: Contribution | null, sign: 1 | -1) => {
    if (!c) return;
    let d = out.get(c.day);
    if (!d) {
      d = { day: c.day, counts: {}, names: {} };
      out.set(c.day, d);
    }
    for (const [k, n] of Object.entries(c.counts)) d.counts[k] = (d.counts[k] ?? 0) + sign * n;
    if (sign === 1) Object.assign(d.names, c.names);
  };
  apply(contribution(before), -1);
  apply(contribution(after), 1);
  for (const d of out.values()) for (const [k, n] of Object.entries(d.counts)) if (n === 0) delete d.counts[k];
  return out;
}

/** One row's share of a day's contribution: its key, the counters to ADD and the attributes to SET. */
interface ReportRowPart {
  key: Key;
  /** Unique within a transaction. */
  name: string;
  counts: Record<string, number>;
  sets: Record<string, string>;
}

const ENTITY_COUNTER = /^([eci])#(.+)#([^#]+)$/;
const ENTITY_NAME = /^N#([eci])#(.+)$/;

/**
 * Splits one day's contribution (or deltas) into the rows that keep it (R-REP-8): the tenant-wide
 * counters to `REPDAY#{day}`, each `{kind}#{id}#{field}` counter and `N#{kind}#{id}` name to its
 * entity's own row (`field`, and `name`). Pure: also used by the bench's seeding.
 */
export function splitContribution(tenant: TenantId, d: Contribution): ReportRowPart[] {
  const dayPart: ReportRowPart = {
    key: reportDayKey(tenant, d.day),
    name: `report-day:${d.day}`,
    counts: {},
    sets: {},
  };
  const entities = new Map<string, ReportRowPart>();
  const entity = (kind: ReportEntityKind, id: string) => {
    const k = `${kind}#${id}`;
    let e = entities.get(k);
    if (!e) {
      e = {
        key: reportEntityKey(tenant, kind, d.day, id),
        name: `report-${kind}:${d.day}:${id}`,
        counts: {},
        sets: {},
      };
      entities.set(k, e);
    }
    return e;
  };
  for (const [k, n] of Object.entries(d.counts)) {
    const m = ENTITY_COUNTER.exec(k);
    if (m) entity(m[1] as ReportEntityKind, m[2]!).counts[m[3]!] = n;
    else dayPart.counts[k] = n;
  }
  for (const [k, v] of Object.entries(d.names)) {
    const m = ENTITY_NAME.exec(k);
    if (m) entity(m[1] as ReportEntityKind, m[2]!).sets.name = v;
  }
  return [dayPart, ...entities.values()];
}

/**
 * Adds the report aggregate updates of a reservation change to the caller's transaction: one Update
 * per touched row (ADD the deltas, SET the names), at most 4 for a reservation (its day, customer,
 * item and creator rows). A row whose counters do not change is not written: a name changes only
 * with a change that counts. Called by every writer of reservations.
 */
export function reportAggregateParts(
  w: AuditedWrite,
  tenant: TenantId,
  before: ReservationRow | null,
  after: ReservationRow | null,
): void {
  for (const d of aggregateDeltas(before, after).values()) {
    for (const part of splitContribution(tenant, d)) {
      if (!Object.keys(part.counts).length) continue;
      const names: Record<string, string> = {};
      const values: Record<string, unknown> = {};
      const adds = Object.entries(part.counts).map(([k, n], i) => {
        names[`#a${i}`] = k;
        values[`:a${i}`] = n;
        return `#a${i} :a${i}`;
      });
      const sets = Object.entries(part.sets).map(([k, v], i) => {
        names[`#n${i}`] = k;
        values[`:n${i}`] = v;
        return `#n${i} = :n${i}`;
      });
      const update = `ADD ${adds.join(', ')}${sets.length ? ` SET ${sets.join(', ')}` : ''}`;
      w.update(part.name, part.key, { update, names, values });
    }
  }
}
