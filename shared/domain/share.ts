/**
 * Share links (R-SVC-5, R-BOOK-1, R-SVC-1): the link's shape, what a token looks like, and what the
 * public page says when a link no longer works. The token itself is made on the server (256 random
 * bits, base64url: 43 characters).
 */

const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
export const isShareTokenShape = (token: string) => SHARE_TOKEN_PATTERN.test(token);

/** {origin}/service/{shareToken} */
export function shareLink(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/service/${encodeURIComponent(token)}`;
}

export const LINK_EXPIRED = 'LINK_EXPIRED';
export const EVENT_EXPIRED = 'EVENT_EXPIRED';
/** The organization has switched off what the link needs (modules.ts, PUBLIC_BOOKING_MODULES). */
export const SERVICE_UNAVAILABLE = 'SERVICE_UNAVAILABLE';
export const SERVICE_UNAVAILABLE_MESSAGE = 'This service is currently unavailable. Please contact the organizer.';
export const COPY_CONFIRMATION_MS = 2000;

/** R-SVC-1, public service load. */
export function publicLoadErrorMessage(status: number | undefined, code: string | undefined): string {
  if (status === 404 && code === SERVICE_UNAVAILABLE) return SERVICE_UNAVAILABLE_MESSAGE;
  if (status === 404)
    return code === LINK_EXPIRED
      ? 'This booking link has expired. Please contact the organizer for a new link.'
      : 'Service not found or link has expired';
  if (status === 410)
    return code === EVENT_EXPIRED
      ? 'This event has ended and is no longer available for booking.'
      : 'This event is no longer available';
  return 'Failed to load service information';
}

/** Hours a public booking may stay unpaid before the sweep cancels it (R-BOOK-1). */
export const UNPAID_HOLD_HOURS = 24;

/**
 * When a public booking must be paid (R-BOOK-6): 24 hours after booking, but never after the
 * service starts, so "Pay by" is a time the customer can still meet before they arrive.
 */
export function unpaidDueBy(bookedAt: number, serviceStart: number): number {
  return Math.min(bookedAt + UNPAID_HOLD_HOURS * 3600_000, Math.max(bookedAt, serviceStart));
}
