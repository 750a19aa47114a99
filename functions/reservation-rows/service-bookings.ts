/**
 * A service's booking pointers, `SVCBOOK#{serviceId}#{reservationId}`: one per ACTIVE service
 * reservation (number, start, end), written and removed in the reservations' transactions (create,
 * cancel, return, delete): a service's bookings by key, so a service delete names them. They live with
 * the reservation rows, below services and the new-booking transaction (bookings/create.ts), which
 * writes them (docs/decisions/0260-areas-depend-one-way.md).
 */
import * as z from '../../shared/zod.js';
import { keys, type Key, type TenantId } from '../lib/keys.js';
import { type RowParser, rowParser, tenantRowsWithPrefix } from '../lib/rows.js';

/** The sort-key prefix of the booking pointers. */
const SERVICE_BOOKING = 'SVCBOOK';

export const serviceBookingKey = (tenant: TenantId, serviceId: string, reservationId: string): Key =>
  keys.entity(tenant, SERVICE_BOOKING, `${serviceId}#${reservationId}`);
/** The sort-key prefix of one service's booking pointers. */
const serviceBookingPrefix = (serviceId: string) => `${SERVICE_BOOKING}#${serviceId}#`;

/** The reservation a pointer is written for (a reservation row's fields of the same names). */
interface BookedReservation {
  id: string;
  serviceId?: string | null;
  reservationNumber: string;
  startTime: string;
  endTime: string;
}

export function serviceBookingRow(tenant: TenantId, r: BookedReservation): Record<string, unknown> {
  return {
    ...serviceBookingKey(tenant, r.serviceId!, r.id),
    serviceId: r.serviceId,
    reservationId: r.id,
    reservationNumber: r.reservationNumber,
    startTime: r.startTime,
    endTime: r.endTime,
  };
}

/** `SVCBOOK#{serviceId}#{reservationId}`: an ACTIVE service reservation, by service. */
const serviceBookingRowSchema = z.object({
  serviceId: z.string(),
  reservationId: z.string(),
  reservationNumber: z.string(),
  startTime: z.string(),
  endTime: z.string(),
});
type ServiceBookingRow = z.output<typeof serviceBookingRowSchema>;
const parseServiceBookingRow: RowParser<ServiceBookingRow> = rowParser('service booking', serviceBookingRowSchema);

/** A service's ACTIVE reservations that have not ended by `now` (its booking pointers, read by key). */
export async function upcomingServiceBookings(
  tenant: TenantId,
  serviceId: string,
  now: number,
): Promise<{ reservationId: string; reservationNumber: string; startTime: string }[]> {
  const rows = await tenantRowsWithPrefix(tenant, serviceBookingPrefix(serviceId), parseServiceBookingRow, {
    consistent: true,
  });
  return rows
    .filter((b) => Date.parse(b.endTime) > now)
    .map((b) => ({ reservationId: b.reservationId, reservationNumber: b.reservationNumber, startTime: b.startTime }))
    .sort((a, b) => a.startTime.localeCompare(b.startTime));
}
