/**
 * No-shows (docs/requirements/reservations.md R-RES-12; docs/decisions/0234-no-shows.md): an ACTIVE
 * reservation whose start has passed becomes CANCELLED with `noShow: true` through the cancel
 * transition of ./lifecycle.ts (item or slot places freed exactly as a cancel frees them), with a
 * NO_SHOW log line, the live event `reservation-cancelled` carrying `noShow: true`, and in the same
 * transaction: the customer's `noShowCount` (+1), the counters `noShow`, `{kind}#noShow` and
 * `noShow#week#{monday}` of the reservations' counter row. Restore undoes all of it (`undoNoShowParts`, ./no-show-counts.ts).
 */
import { noShowError, weekStartOf } from '../../shared/domain/reservations.js';
import { badRequest } from '../lib/errors.js';
import type { TenantId } from '../lib/keys.js';
import { organizationTimeZone } from '../lib/organization.js';
import { customerNoShowParts } from '../customers/entity.js';
import { statsKey, type Person, type ReservationRow } from '../reservation-rows/entity.js';
import { cancelReservation } from './lifecycle.js';
import { noShowCounters } from './no-show-counts.js';

export async function markNoShow(
  tenant: TenantId,
  actor: Person,
  id: string,
  now = Date.now(),
): Promise<ReservationRow> {
  const zone = await organizationTimeZone(tenant);
  let week: string | null = null;
  return cancelReservation(tenant, actor, id, {
    now,
    action: 'NO_SHOW',
    notActive: (r) => noShowError(r, zone, now) ?? 'Only active reservations can be marked as a no-show',
    guard: (r) => {
      const why = noShowError(r, zone, now);
      if (why) throw badRequest(why);
      // The week of its start (organization's zone), stored so restore takes it off the same week.
      week = weekStartOf(Date.parse(r.startTime), zone);
    },
    // Read by the cancel after the guard of the same attempt has found the week.
    get set() {
      return { noShow: true, noShowAt: new Date(now).toISOString(), noShowBy: actor, noShowWeek: week };
    },
    parts: async (w, r, at) => {
      if (r.customerId) await customerNoShowParts(w, tenant, r.customerId, 1, at);
      w.count(statsKey(tenant, r.id), noShowCounters(r, week, 1));
    },
    eventData: { noShow: true },
    tell: 'no-show',
  });
}
