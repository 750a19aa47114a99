import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { type Webhook, WEBHOOKS } from './get-webhooks.js';

export const deleteWebhook = (id: string) => api('settings.deleteWebhook', { params: { id } });

/** Takes the endpoint (its toasts may name it); sends its id. */
export function useDeleteWebhook(texts: MutationTexts<[Webhook], Awaited<ReturnType<typeof deleteWebhook>>>) {
  return useMutationAction((w: Webhook) => deleteWebhook(w.id), { ...texts, revalidate: [WEBHOOKS] });
}
