import useSWR from 'swr';
import type { WebhookView } from '../../../../../shared/contract/webhook-models.js';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';

/** Cache resource of the webhook endpoints (R-SET-10); their deliveries are `settings.webhooks.deliveries`. */
export const WEBHOOKS = 'settings.webhooks';
export type Webhook = WebhookView;

const getWebhooks = () => api('settings.listWebhooks').then((r) => r.webhooks);

/** The organization's webhook endpoints, never their secrets (shown once, at creation). */
export function useWebhooks() {
  return useSWR(apiKey(WEBHOOKS), getWebhooks);
}
