import type { ModuleId, ModuleStates } from '../../shared/domain/modules.js';
import type { Permission } from '../../shared/domain/permissions.js';
import type { LiveEventType } from '../lib/live-events.js';

/**
 * Who may receive which live event (docs/decisions/0001-modules-and-live-stream.md): an event carries what the screens of its area
 * show (customer names, amounts, item states), so it goes to the sessions whose matrix row may view
 * that area, and to nobody while its module is switched off. stats-updated carries no data of its
 * own (it asks the dashboard to refetch its counters, which the API gates by module on their own),
 * so it follows dashboard.viewStats alone.
 */
export const EVENT_AUDIENCE: Record<LiveEventType, { anyOf: readonly Permission[]; module: ModuleId | null }> = {
  'reservation-created': { anyOf: ['reservations.view', 'serviceBookings.view'], module: 'reservations' },
  'reservation-updated': { anyOf: ['reservations.view', 'serviceBookings.view'], module: 'reservations' },
  'reservation-cancelled': { anyOf: ['reservations.view', 'serviceBookings.view'], module: 'reservations' },
  'payment-processed': { anyOf: ['payments.viewHistory'], module: 'payments' },
  'inventory-status-changed': { anyOf: ['inventoryItems.view'], module: 'inventory' },
  'stats-updated': { anyOf: ['dashboard.viewStats'], module: null },
  // The waitlist (R-SVC-10): customer names of a service's queue, as its bookings carry them.
  'waitlist-joined': { anyOf: ['reservations.view', 'serviceBookings.view'], module: 'reservations' },
  'waitlist-booked': { anyOf: ['reservations.view', 'serviceBookings.view'], module: 'reservations' },
};

/**
 * True when a session with these permissions, in a tenant with these modules, may receive an event
 * of this type. A type without a rule (a row written by a newer version, or garbage) goes to nobody.
 */
export function mayReceiveEvent(
  type: string,
  can: (permission: Permission) => boolean,
  modules: ModuleStates,
): boolean {
  const rule = Object.hasOwn(EVENT_AUDIENCE, type) ? EVENT_AUDIENCE[type as LiveEventType] : undefined;
  if (!rule) return false;
  if (rule.module && !modules[rule.module]) return false;
  return rule.anyOf.some(can);
}
