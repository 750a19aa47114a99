import * as z from '../zod.js';
import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENTS,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_URL_MAX,
  webhookUrlProblem,
} from '../domain/webhooks.js';

/**
 * Webhooks on the wire (docs/requirements/settings.md R-SET-10, docs/decisions/0231-webhooks.md). The URL
 * schema applies the rule as the local runtime does (http://localhost and http://127.0.0.1 pass); a
 * deployed stage refuses those too, with a 400 of the same shape (functions/settings/webhooks.ts).
 */
const WEBHOOK_TEXT = {
  urlRequired: 'Enter the URL that receives the events',
  eventsRequired: 'Choose at least one event',
  nothingToChange: 'Change the URL, the events or whether the endpoint is enabled',
} as const;

const url = z.string({ error: WEBHOOK_TEXT.urlRequired }).check(
  z.trim(),
  z.minLength(1, WEBHOOK_TEXT.urlRequired),
  z.maxLength(WEBHOOK_URL_MAX, `The URL may hold at most ${WEBHOOK_URL_MAX} characters`),
  z.superRefine((v, ctx) => {
    const problem = webhookUrlProblem(v, { allowLocal: true });
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  // For the OpenAPI document: an https URL (http://localhost on the local runtime only); a public host.
  z.meta({
    format: 'uri',
    pattern: '^https://',
    description: 'An https URL on a public host, no user name or password',
  }),
);
const eventList = z
  .array(z.enum(WEBHOOK_EVENTS, { error: `Events are among: ${WEBHOOK_EVENTS.join(', ')}` }))
  .check(z.minLength(1, WEBHOOK_TEXT.eventsRequired), z.maxLength(WEBHOOK_EVENTS.length));
const description = z
  .string()
  .check(
    z.trim(),
    z.singleLine(),
    z.maxLength(WEBHOOK_DESCRIPTION_MAX, `The description may hold at most ${WEBHOOK_DESCRIPTION_MAX} characters`),
  );

export const webhookCreateBody = z.object({ url, events: eventList, description: z.optional(description) });
export type WebhookCreateInput = z.output<typeof webhookCreateBody>;

export const webhookUpdateBody = z
  .object({
    url: z.optional(url),
    events: z.optional(eventList),
    description: z.optional(description),
    enabled: z.optional(z.boolean()),
  })
  .check(
    z.refine(
      (v) => v.url !== undefined || v.events !== undefined || v.enabled !== undefined || v.description !== undefined,
      WEBHOOK_TEXT.nothingToChange,
    ),
  );
export type WebhookUpdateInput = z.output<typeof webhookUpdateBody>;

/** The secret is answered once, here; it is stored sealed and never shown again. */
export const webhookCreatedResponse = z.object({
  id: z.string(),
  secret: z.string().check(z.regex(/^whsec_[A-Za-z0-9+/]+=*$/)),
});

export const webhookView = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  description: z.string(),
  enabled: z.boolean(),
  createdAt: z.string(),
  createdBy: z.object({ id: z.string(), name: z.string() }),
  updatedAt: z.string(),
  /** Since when every attempt failed (null while the last one succeeded). */
  failingSince: z.nullable(z.string()),
  disabledAt: z.nullable(z.string()),
  disabledReason: z.nullable(z.string()),
});
export type WebhookView = z.output<typeof webhookView>;
export const webhookListResponse = z.object({ webhooks: z.array(webhookView) });
export const webhookResponse = z.object({ webhook: webhookView });

export const webhookDeliveryParams = z.object({
  id: z.string().check(z.singleLine(), z.minLength(1), z.maxLength(128)),
  deliveryId: z.string().check(z.singleLine(), z.minLength(1), z.maxLength(128)),
});
export const webhookDeliveriesQuery = z.object({
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100))),
});

export const webhookDeliveryView = z.object({
  id: z.string(),
  /** The `webhook-id` header: the same on every retry and on a replay. */
  messageId: z.string(),
  event: z.union([z.enum(WEBHOOK_EVENTS), z.literal(WEBHOOK_TEST_EVENT)]),
  at: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number(),
  lastStatusCode: z.nullable(z.number()),
  lastLatencyMs: z.nullable(z.number()),
  lastError: z.nullable(z.string()),
  lastAttemptAt: z.nullable(z.string()),
  nextAttemptAt: z.nullable(z.string()),
  replayOf: z.nullable(z.string()),
});
export type WebhookDeliveryView = z.output<typeof webhookDeliveryView>;
export const webhookDeliveriesResponse = z.object({ deliveries: z.array(webhookDeliveryView) });
export const webhookQueuedResponse = z.object({ success: z.boolean(), message: z.string() });
