import {
  EVENT_EXPIRED,
  LINK_EXPIRED,
  SERVICE_UNAVAILABLE,
  SERVICE_UNAVAILABLE_MESSAGE,
} from '../../shared/domain/share.js';
import { ApiError } from '../lib/errors.js';

/**
 * The answers of a share link that cannot be booked (R-SVC-1 reads `code`; `error` carries the same
 * code so both readings agree). Apart from public.ts so the booking path (booking.ts) answers a link
 * closed under it the same way, without loading the public page's reads.
 */
const linkError = (status: 404 | 410, code: string, message: string) =>
  new ApiError(status, code, message, undefined, { code });
export const notFoundLink = () => linkError(404, 'NOT_FOUND', 'Service not found or link has expired');
export const expiredLink = () =>
  linkError(404, LINK_EXPIRED, 'This booking link has expired. Please contact the organizer for a new link.');
export const endedEvent = () =>
  linkError(410, EVENT_EXPIRED, 'This event has ended and is no longer available for booking.');
/** 404 like the other dead-link answers: nothing to retry, and no 5xx for a business's own choice. */
export const unavailableService = () => linkError(404, SERVICE_UNAVAILABLE, SERVICE_UNAVAILABLE_MESSAGE);
