import type { z } from 'zod';
import type { webhookUpdateBody } from '../../../../../shared/contract/webhook-models.js';
import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { WEBHOOKS } from './get-webhooks.js';

type WebhookChange = z.input<typeof webhookUpdateBody>;

export const updateWebhook = (id: string, body: WebhookChange) =>
  api('settings.updateWebhook', { params: { id }, body }).then((r) => r.webhook);

/** Edit, enable or disable one endpoint (R-SET-10). */
export function useUpdateWebhook(
  texts: MutationTexts<[string, WebhookChange], Awaited<ReturnType<typeof updateWebhook>>>,
) {
  return useMutationAction(updateWebhook, { ...texts, revalidate: [WEBHOOKS] });
}
