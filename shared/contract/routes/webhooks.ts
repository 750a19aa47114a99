import { route } from '../types.js';
import { idParam, okResponse } from '../common.js';
import {
  webhookCreateBody,
  webhookCreatedResponse,
  webhookDeliveriesQuery,
  webhookDeliveriesResponse,
  webhookDeliveryParams,
  webhookListResponse,
  webhookQueuedResponse,
  webhookResponse,
  webhookUpdateBody,
} from '../webhook-models.js';

/**
 * Webhooks (docs/requirements/settings.md R-SET-10, docs/decisions/0231-webhooks.md):
 * served by the settings area, managed by administrators.
 */
const BEYOND = 'Webhooks (R-SET-10): signed webhooks (Standard Webhooks) so integrations stop polling; not in the spec';
const admin = { access: 'user', area: 'settings', capability: 'isAdmin', beyondSpec: BEYOND } as const;

export const webhookRoutes = [
  route({
    ...admin,
    id: 'settings.listWebhooks',
    method: 'GET',
    path: '/api/settings/webhooks',
    response: webhookListResponse,
    summary: "The organization's webhook endpoints (never their secrets)",
  }),
  route({
    ...admin,
    id: 'settings.createWebhook',
    method: 'POST',
    path: '/api/settings/webhooks',
    body: webhookCreateBody,
    response: webhookCreatedResponse,
    summary: 'Add a webhook endpoint; its signing secret (whsec_…) is answered once',
  }),
  route({
    ...admin,
    id: 'settings.updateWebhook',
    method: 'PATCH',
    path: '/api/settings/webhooks/{id}',
    params: idParam,
    body: webhookUpdateBody,
    response: webhookResponse,
    summary: "Change an endpoint's URL, events, description, or enable/disable it",
  }),
  route({
    ...admin,
    id: 'settings.deleteWebhook',
    method: 'DELETE',
    path: '/api/settings/webhooks/{id}',
    params: idParam,
    response: okResponse,
    summary: 'Delete a webhook endpoint (its pending deliveries are dropped)',
  }),
  route({
    ...admin,
    id: 'settings.testWebhook',
    method: 'POST',
    path: '/api/settings/webhooks/{id}/test',
    params: idParam,
    response: webhookQueuedResponse,
    summary: 'Send a `webhook.test` event to this endpoint',
  }),
  route({
    ...admin,
    id: 'settings.listWebhookDeliveries',
    method: 'GET',
    path: '/api/settings/webhooks/{id}/deliveries',
    params: idParam,
    query: webhookDeliveriesQuery,
    response: webhookDeliveriesResponse,
    summary: "An endpoint's deliveries, newest first: event, attempts, last status code, latency, next retry",
  }),
  route({
    ...admin,
    id: 'settings.replayWebhookDelivery',
    method: 'POST',
    path: '/api/settings/webhooks/{id}/deliveries/{deliveryId}/replay',
    params: webhookDeliveryParams,
    response: webhookQueuedResponse,
    summary: 'Send a delivery again (same webhook-id), whatever became of it',
  }),
] as const;
