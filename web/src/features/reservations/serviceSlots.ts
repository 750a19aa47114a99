/** The service part of "New Reservation": which slots, add-ons and party sizes a service offers (R-SVC-2, R-RES-2). */
import { participantLimit, serviceZone, slotStart } from '../../../../shared/domain/slots.js';
import type { useServices } from '../services/api/index.js';
import type { CalendarSlot } from './calendarRules.js';

type ServiceRow = NonNullable<ReturnType<typeof useServices>['data']>[number];

/** The service's add-ons when it offers them (decoded from the answer's JSON text by the contract's codec). */
export function addonsOf(s: ServiceRow | undefined): ServiceRow['addons'] {
  if (!s?.enableAddons) return [];
  return s.addons.filter((a) => a.name);
}

/** The most people one booking of this slot may bring (R-SVC-2's rule). */
export function maxPeopleFor(s: ServiceRow | undefined, slotKey: string, orgZone: string): number | undefined {
  const slot = futureSlots(s, Date.now(), orgZone).find((x) => `${x.date}|${x.startTime}|${x.endTime}` === slotKey);
  return slot ? participantLimit(maxParticipantsOf(s), slot.slotsAvailable) : undefined;
}

/** Slots of a service that can still be booked in the future (past ones are not offered); wall-clock in the service's zone, else the organization's. */
export function futureSlots(s: ServiceRow | undefined, now: number, orgZone: string): CalendarSlot[] {
  if (!s) return [];
  const zone = serviceZone(s, orgZone);
  return s.availability.filter((x) => x.date && slotStart(x, zone) > now);
}

export function maxParticipantsOf(s: ServiceRow | undefined): number | undefined {
  return s?.rsvpSettings.maxParticipants ?? undefined;
}
