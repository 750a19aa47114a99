/**
 * The counters' and the customer's share of a no-show (R-RES-12, docs/decisions/0234-no-shows.md): added
 * by marking (./no-show.ts), taken back by restore (./lifecycle.ts). Its own module so the lifecycle
 * and the no-show mark do not import each other.
 */
import type { AuditedWrite } from '../lib/audited-write.js';
import type { TenantId } from '../lib/keys.js';
import { customerNoShowParts } from '../customers/entity.js';
import { statsKey, type ReservationRow } from '../reservation-rows/entity.js';

/** The counter-row attribute of the no-shows of reservations starting in the week of `monday`. */
const noShowWeekCounter = (monday: string) => `noShow#week#${monday}`;

export function noShowCounters(r: ReservationRow, week: string | null, n: 1 | -1): Record<string, number> {
  return { noShow: n, [`${r.kind}#noShow`]: n, ...(week ? { [noShowWeekCounter(week)]: n } : {}) };
}

/** Restore of a no-show (./lifecycle.ts restoreReservation): the customer's and the counters' share taken back. */
export async function undoNoShowParts(w: AuditedWrite, tenant: TenantId, r: ReservationRow, at: string): Promise<void> {
  if (r.customerId) await customerNoShowParts(w, tenant, r.customerId, -1, at);
  w.count(statsKey(tenant, r.id), noShowCounters(r, typeof r.noShowWeek === 'string' ? r.noShowWeek : null, -1));
}
