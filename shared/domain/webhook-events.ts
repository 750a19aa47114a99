/**
 * The webhook event names and the order rule (docs/requirements/settings.md R-SET-10): apart from the rest
 * of shared/domain/webhooks.ts because every audited write consults them (functions/lib/webhook-outbox.ts),
 * so they stay on the areas' cold path while the URL rules do not.
 */
/**
 * The events an endpoint may subscribe to: the live events of the dashboard stream
 * (functions/lib/live-events.ts) that announce a business change. `stats-updated` is left out: it only
 * tells the dashboard to re-read its counters and carries no data of its own.
 */
export const WEBHOOK_EVENTS = [
  'reservation-created',
  'reservation-updated',
  'reservation-cancelled',
  'inventory-status-changed',
  'payment-processed',
  'waitlist-joined',
  'waitlist-booked',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** The event `POST /api/settings/webhooks/{id}/test` sends: never subscribable, always delivered to that endpoint. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'reservation-created': 'Reservation created',
  'reservation-updated': 'Reservation updated',
  'reservation-cancelled': 'Reservation cancelled',
  'inventory-status-changed': 'Inventory status changed',
  'payment-processed': 'Payment processed',
  'waitlist-joined': 'Waitlist joined',
  'waitlist-booked': 'Waitlist offer booked',
};

export const isWebhookEvent = (s: string): s is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(s);

/**
 * The order rule (R-SET-10): deliveries to one endpoint are sent in the order of the changes within one
 * order key, the reservation an event is about (else the item, else the waitlist entry); the next is
 * not sent while an earlier one is pending. Events about nothing in particular share the key `_`.
 */
export function webhookOrderKey(data: unknown): string {
  const d = (data ?? {}) as Record<string, unknown>;
  const pick = (k: string) => (typeof d[k] === 'string' && d[k] ? (d[k] as string) : undefined);
  const key = pick('reservationId') ?? pick('id') ?? pick('itemId') ?? pick('entryId') ?? '_';
  return key.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 64) || '_';
}
