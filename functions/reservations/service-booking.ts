/**
 * The one export reservations takes from the services booking transaction, as a module of its own:
 * the handler loads it with import(), and esbuild keeps every export of a module loaded that way, so
 * importing '../services/booking.js' directly would ship the public booking and its confirmation
 * mail to this area too (infra/permissions.test.ts reads the shipped code for the SES grant).
 */
export { bookServiceForCustomer } from '../services/booking.js';
