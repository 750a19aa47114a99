/**
 * The daily log (R-REP-3): the reservations starting on one day in the organization's zone, read through
 * the reservations' list index (6 Queries: kind × status), as the reservations API shows them.
 */
import { RESERVATION_KINDS, RESERVATION_STATUSES } from '../../shared/contract/reservation-models.js';
import { endOfDayIn, startOfDayIn } from '../../shared/domain/time.js';
import { queryPages, tableName } from '../lib/db.js';
import { badRequest } from '../lib/errors.js';
import type { TenantId } from '../lib/keys.js';
import { organizationTimeZone } from '../lib/organization.js';
import { listIndex, parseReservationRow, toView } from '../reservation-rows/entity.js';
import { parseDay, REPORT_MESSAGES } from './report-range.js';

type Row = Record<string, unknown>;

export async function dailyLogReport(tenant: TenantId, q: { date?: string }) {
  if (!q.date?.trim()) throw badRequest(REPORT_MESSAGES.dateRequired);
  const day = parseDay(q.date);
  if (!day) throw badRequest(REPORT_MESSAGES.invalidDate);
  const zone = await organizationTimeZone(tenant);
  const from = startOfDayIn(day, zone).toISOString();
  const to = endOfDayIn(day, zone).toISOString();
  const lists = await Promise.all(
    RESERVATION_KINDS.flatMap((kind) =>
      RESERVATION_STATUSES.map(async (status) => {
        const out: Row[] = [];
        for await (const items of queryPages({
          TableName: tableName(),
          IndexName: 'gsi1',
          KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :a AND :b',
          ExpressionAttributeValues: { ':pk': listIndex(tenant, kind, status), ':a': from, ':b': `${to}#\uffff` },
        })) {
          out.push(...items);
        }
        return out;
      }),
    ),
  );
  const now = Date.now();
  const reservations = lists
    .flat()
    .map((i) => toView(parseReservationRow(i), now))
    .sort((a, b) => a.startTime.localeCompare(b.startTime) || a.reservationNumber.localeCompare(b.reservationNumber));
  return { success: true as const, date: day, timeZone: zone, reservations };
}
