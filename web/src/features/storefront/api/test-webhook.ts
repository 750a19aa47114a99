import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { WEBHOOK_DELIVERIES } from './get-webhook-deliveries.js';

/** Queues a `webhook.test` event for this endpoint (R-SET-10). */
export const testWebhook = (id: string) => api('settings.testWebhook', { params: { id } });

export function useTestWebhook(texts: MutationTexts<[string], Awaited<ReturnType<typeof testWebhook>>>) {
  return useMutationAction(testWebhook, { ...texts, revalidate: [WEBHOOK_DELIVERIES] });
}
