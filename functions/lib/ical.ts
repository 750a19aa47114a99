import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

/** One booking as a calendar event. Times are instants; the text is written in UTC (RFC 5545 form "…Z"). */
export interface CalendarEvent {
  /** Stable across feeds and e-mails for one reservation, so calendars update rather than duplicate. */
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  location?: string;
  cancelled?: boolean;
  /** When the booking last changed; calendars use it to order updates. */
  updatedAt?: Date;
}

export interface CalendarOptions {
  /** The calendar's display name (X-WR-CALNAME). */
  name: string;
  /** PUBLISH for feeds and e-mailed invitations that are not meeting requests. */
  method?: 'PUBLISH';
}

const PROD_ID = { company: 'Rental Back Office', product: 'Bookings', language: 'EN' };

/**
 * An RFC 5545 calendar (text/calendar). Written by ical-generator (docs/decisions/ical-library.md):
 * line folding, escaping and DTSTAMP are the library's, so every feed and attachment is the same shape.
 */
export function calendarText(events: readonly CalendarEvent[], options: CalendarOptions): string {
  const calendar = ical({ name: options.name, prodId: PROD_ID, method: ICalCalendarMethod.PUBLISH });
  for (const e of events) {
    calendar.createEvent({
      id: e.uid,
      start: e.start,
      end: e.end,
      summary: e.summary,
      description: e.description,
      location: e.location,
      stamp: e.updatedAt ?? new Date(),
      lastModified: e.updatedAt,
      status: e.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}

/** A reservation's calendar UID: the tenant keeps it unique across organizations' calendars. */
export function reservationUid(tenantId: string, reservationId: string, host = 'bookings'): string {
  return `${reservationId}.${tenantId}@${host}`;
}
