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
  /** RFC 5545 SEQUENCE: a cancellation is a later revision (1) of the event first sent (0). */
  sequence?: number;
}

interface CalendarOptions {
  /** The calendar's display name (X-WR-CALNAME). */
  name: string;
  /**
   * PUBLISH for feeds and e-mailed invitations that are not meeting requests; CANCEL for the
   * cancellation e-mail (R-RES-14), whose event carries the UID of the one sent before.
   */
  method?: 'PUBLISH' | 'CANCEL';
}

const PROD_ID = { company: 'Rental Back Office', product: 'Bookings', language: 'EN' };

/** Line breaks as people type them, and the Unicode separators some editors write instead. */
const LINE_BREAK = /\r\n|[\r\n\u2028\u2029]/g;
/** Every other control character: RFC 5545 3.3.11 TEXT admits none but TAB. */
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

/**
 * Text as RFC 5545 3.3.11 writes a TEXT value, for the properties ical-generator writes raw (NAME,
 * X-WR-CALNAME): backslash, semicolon and comma escaped, every line break written as the two
 * characters `\n`, other control characters dropped. A value can then never end its line and start a
 * property or component of its own (R-PLAT-12: a store name with CR/LF once opened a second VCALENDAR).
 */
export function escapeText(value: string): string {
  return plainText(value)
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\n/g, '\\n');
}

/**
 * A TEXT value for the properties ical-generator escapes itself (SUMMARY, DESCRIPTION, LOCATION):
 * it escapes backslash, semicolon, comma and CR/LF, but passes the other control characters and the
 * Unicode separators through, so they are made plain here (separators to LF, the rest dropped).
 * Stored values written before R-PLAT-12 refused control characters are made safe the same way.
 */
function plainText(value: string): string {
  return value.replace(LINE_BREAK, '\n').replace(CONTROL, '');
}

/** A UID is written raw by the library: ours are ids and host names, kept to one safe line anyway. */
function uidText(value: string): string {
  return value.replace(/[^\x21-\x7E]/g, '');
}

/**
 * An RFC 5545 calendar (text/calendar). Written by ical-generator (docs/decisions/0228-ical-library.md):
 * line folding, escaping and DTSTAMP are the library's, so every feed and attachment is the same shape.
 * Every text value passes through `escapeText` or `plainText` first (docs/requirements/platform.md
 * R-PLAT-12): the library escapes event text but writes the calendar's name as given.
 */
export function calendarText(events: readonly CalendarEvent[], options: CalendarOptions): string {
  const calendar = ical({
    name: escapeText(options.name),
    prodId: PROD_ID,
    method: options.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
  });
  for (const e of events) {
    calendar.createEvent({
      id: uidText(e.uid),
      start: e.start,
      end: e.end,
      summary: plainText(e.summary),
      description: e.description === undefined ? undefined : plainText(e.description),
      location: e.location === undefined ? undefined : plainText(e.location),
      stamp: e.updatedAt ?? new Date(),
      lastModified: e.updatedAt,
      status: e.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      ...(e.sequence === undefined ? {} : { sequence: e.sequence }),
    });
  }
  return calendar.toString();
}

/** A reservation's calendar UID: the tenant keeps it unique across organizations' calendars. */
export function reservationUid(tenantId: string, reservationId: string, host = 'bookings'): string {
  return `${reservationId}.${tenantId}@${host}`;
}
