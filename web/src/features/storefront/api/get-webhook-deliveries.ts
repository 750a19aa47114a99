import useSWR from 'swr';
import type { WebhookDeliveryView } from '../../../../../shared/contract/webhook-models.js';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';

/** Under WEBHOOKS: every change to the endpoints revalidates their deliveries too. */
export const WEBHOOK_DELIVERIES = 'settings.webhooks.deliveries';
export type WebhookDelivery = WebhookDeliveryView;

const getWebhookDeliveries = (id: string) =>
  api('settings.listWebhookDeliveries', { params: { id }, query: { limit: 50 } }).then((r) => r.deliveries);

/** An endpoint's latest 50 deliveries, newest first (null id: none asked). Refreshed every 10 s while shown. */
export function useWebhookDeliveries(id: string | null) {
  return useSWR(id ? apiKey(WEBHOOK_DELIVERIES, id) : null, () => getWebhookDeliveries(id!), {
    refreshInterval: 10_000,
  });
}
