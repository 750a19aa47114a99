import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { RouteId } from '../../shared/contract/index.js';
import { db, tableName } from '../lib/db.js';
import { deliveryKey, newMessageId, WH } from '../lib/webhook-rows.js';
import type { TestSession } from '../testing/fixtures.js';
import { call } from '../testing/harness.js';
import type { IsolationFixture } from '../testing/isolation-case.js';

/**
 * Webhooks (R-SET-10): A's endpoints and deliveries are neither listed to B nor changed, tested,
 * replayed or deleted by B (B's ids lookups answer 404: the key is B's partition).
 */
async function endpointOf(owner: TestSession) {
  const url = `https://hooks.example.com/${randomUUID()}`;
  const res = await call('POST', '/api/settings/webhooks', {
    token: owner.token,
    body: { url, events: ['reservation-created'], description: `Iso ${randomUUID()}` },
  });
  if (res.status >= 300) throw new Error(`fixture call failed: ${res.status} ${res.raw}`);
  return { id: res.body.id as string, url };
}

async function deliveryOf(owner: TestSession, endpointId: string) {
  const id = newMessageId();
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...deliveryKey(owner.tenant, endpointId, id),
        entity: WH.delivery,
        id,
        endpointId,
        messageId: id,
        type: 'reservation-created',
        data: { id: `res-${randomUUID()}` },
        at: new Date().toISOString(),
        orderKey: '_',
        status: 'failed',
        attempts: 8,
      },
    }),
  );
  return id;
}

export const webhookIsolationFixtures: Partial<Record<RouteId, IsolationFixture>> = {
  'settings.listWebhooks': async (owner) => {
    const e = await endpointOf(owner);
    return { secrets: [e.id, e.url] };
  },
  'settings.createWebhook': async (owner) => {
    const e = await endpointOf(owner);
    return {
      body: { url: `https://hooks.example.com/${randomUUID()}`, events: ['reservation-cancelled'] },
      secrets: [e.id, e.url],
    };
  },
  'settings.updateWebhook': async (owner) => {
    const e = await endpointOf(owner);
    return { params: { id: e.id }, body: { events: ['payment-processed'] }, secrets: [e.url] };
  },
  'settings.deleteWebhook': async (owner) => {
    const e = await endpointOf(owner);
    return { params: { id: e.id }, secrets: [e.url] };
  },
  'settings.testWebhook': async (owner) => {
    const e = await endpointOf(owner);
    return { params: { id: e.id }, secrets: [e.url] };
  },
  'settings.listWebhookDeliveries': async (owner) => {
    const e = await endpointOf(owner);
    const d = await deliveryOf(owner, e.id);
    // The deliveries answer names the delivery, not the endpoint's URL.
    return { params: { id: e.id }, secrets: [d] };
  },
  'settings.replayWebhookDelivery': async (owner) => {
    const e = await endpointOf(owner);
    const d = await deliveryOf(owner, e.id);
    return { params: { id: e.id, deliveryId: d }, secrets: [e.url, d] };
  },
};
