import type { z } from 'zod';
import type { webhookCreateBody } from '../../../../../shared/contract/webhook-models.js';
import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { WEBHOOKS } from './get-webhooks.js';

export type WebhookForm = z.input<typeof webhookCreateBody>;

/** Answers `{id, secret}`: the signing secret, which the server never answers again (R-SET-10). */
export const createWebhook = (body: WebhookForm) => api('settings.createWebhook', { body });

export function useCreateWebhook(texts: MutationTexts<[WebhookForm], Awaited<ReturnType<typeof createWebhook>>>) {
  return useMutationAction(createWebhook, { ...texts, revalidate: [WEBHOOKS] });
}
