import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { WEBHOOK_DELIVERIES } from './get-webhook-deliveries.js';

/** Sends a delivery again, with its original `webhook-id` (R-SET-10). */
export const replayWebhookDelivery = (id: string, deliveryId: string) =>
  api('settings.replayWebhookDelivery', { params: { id, deliveryId } });

export function useReplayWebhookDelivery(
  texts: MutationTexts<[string, string], Awaited<ReturnType<typeof replayWebhookDelivery>>>,
) {
  return useMutationAction(replayWebhookDelivery, { ...texts, revalidate: [WEBHOOK_DELIVERIES] });
}
