/**
 * Webhook endpoints, managed by administrators (docs/requirements/settings.md R-SET-10,
 * docs/decisions/0231-webhooks.md). Rows and keys: functions/lib/webhook-rows.ts. Each change is logged
 * (`WEBHOOKLOG#{at}#{uuid}`: who added, changed, deleted, tested or replayed what).
 *
 * The signing secret is `whsec_` + base64 of 32 random bytes, answered once and stored sealed with the
 * data keyring (AES-256-GCM, functions/users/crypto.ts) under the tenant and endpoint as additional data:
 * the worker must sign with it, so it cannot be hashed, and a copied ciphertext opens nowhere else.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_SECRET_BYTES,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TEST_EVENT,
  type WebhookEvent,
  webhookUrlProblem,
} from '../../shared/domain/webhooks.js';
import type {
  WebhookCreateInput,
  WebhookDeliveryView,
  WebhookUpdateInput,
  WebhookView,
} from '../../shared/contract/webhook-models.js';
import { auditedWrite, WriteFailed } from '../lib/audited-write.js';
import { config } from '../lib/config.js';
import { db, nowIso, tableName } from '../lib/db.js';
import { badRequest, conflict, notFound } from '../lib/errors.js';
import { keys, type TenantId } from '../lib/keys.js';
import type { AuthClaims } from '../lib/tokens.js';
import {
  deliveryKey,
  endpointKey,
  type EndpointRow,
  forgetWebhookSubscriptions,
  outboxItem,
  parseDeliveryRow,
  parseEndpointRow,
  secretAad,
  WH,
} from '../lib/webhook-rows.js';
import { encryptField } from '../users/crypto.js';
import { actorName } from './actor-name.js';
import { tenantRowsWithPrefix } from '../lib/rows.js';

const LOG = 'WEBHOOKLOG';

const newWebhookSecret = () => `${WEBHOOK_SECRET_PREFIX}${randomBytes(WEBHOOK_SECRET_BYTES).toString('base64')}`;

function checkUrl(url: string): void {
  // The contract let the local runtime's hosts through; a deployed stage refuses them here (R-SET-10).
  const problem = webhookUrlProblem(url, { allowLocal: config().webhooksAllowLocal });
  if (problem) throw badRequest(problem, [{ path: 'url', msg: problem }]);
}

/** Stored rows leave out what does not apply (see createWebhook). */
const withoutNulls = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null));

function view(row: EndpointRow): WebhookView {
  const { secret: _sealed, ...rest } = row;
  return { ...rest, events: rest.events as WebhookEvent[] };
}

async function endpointRows(tenant: TenantId): Promise<EndpointRow[]> {
  return tenantRowsWithPrefix(tenant, `${WH.endpoint}#`, parseEndpointRow);
}

async function endpoint(tenant: TenantId, id: string): Promise<EndpointRow> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: endpointKey(tenant, id), ConsistentRead: true }),
  );
  if (!res.Item) throw notFound('Webhook endpoint not found');
  return parseEndpointRow(res.Item);
}

function logRow(
  tenant: TenantId,
  auth: AuthClaims,
  actor: string,
  action: string,
  endpointId: string,
  detail: unknown,
) {
  const at = nowIso();
  return {
    ...keys.entity(tenant, LOG, `${at}#${randomUUID()}`),
    action,
    endpointId,
    detail,
    actorUserId: auth.userId,
    actorName: actor,
    createdAt: at,
  };
}

export async function listWebhooks(tenant: TenantId): Promise<WebhookView[]> {
  return (await endpointRows(tenant))
    .map(view)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
}

/** R-SET-10: a new endpoint, enabled; the secret is answered here and never again. */
export async function createWebhook(
  tenant: TenantId,
  auth: AuthClaims,
  input: WebhookCreateInput,
): Promise<{ id: string; secret: string }> {
  checkUrl(input.url);
  const [existing, creator] = await Promise.all([endpointRows(tenant), actorName(tenant, auth)]);
  if (existing.length >= WEBHOOK_ENDPOINTS_MAX)
    throw conflict(`An organization has at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints: delete one first`);
  const id = randomUUID();
  const secret = newWebhookSecret();
  const at = nowIso();
  await auditedWrite(tenant)
    .put(
      'endpoint',
      {
        ...endpointKey(tenant, id),
        entity: WH.endpoint,
        id,
        url: input.url,
        events: [...new Set(input.events)],
        description: input.description ?? '',
        enabled: true,
        secret: await encryptField(secret, secretAad(tenant, id)),
        createdAt: at,
        createdBy: { id: auth.userId, name: creator },
        updatedAt: at,
        // failingSince, disabledAt, disabledReason: absent until they apply (the worker's
        // `if_not_exists(failingSince, …)` starts the failure streak).
      },
      { condition: 'attribute_not_exists(pk)' },
    )
    .log(logRow(tenant, auth, creator, 'CREATED', id, { url: input.url, events: input.events }))
    .commit();
  forgetWebhookSubscriptions(tenant);
  return { id, secret };
}

export async function updateWebhook(
  tenant: TenantId,
  auth: AuthClaims,
  id: string,
  input: WebhookUpdateInput,
): Promise<WebhookView> {
  if (input.url !== undefined) checkUrl(input.url);
  const current = await endpoint(tenant, id);
  const at = nowIso();
  const next: EndpointRow = {
    ...current,
    url: input.url ?? current.url,
    events: input.events ? [...new Set(input.events)] : current.events,
    description: input.description ?? current.description,
    enabled: input.enabled ?? current.enabled,
    updatedAt: at,
  };
  // Enabling starts afresh: the failure streak of the disabled endpoint is forgotten.
  if (input.enabled === true && !current.enabled)
    Object.assign(next, { failingSince: null, disabledAt: null, disabledReason: null });
  if (input.enabled === false && current.enabled)
    Object.assign(next, { disabledAt: at, disabledReason: 'Disabled by an administrator' });
  try {
    await auditedWrite(tenant)
      .put(
        'endpoint',
        { ...endpointKey(tenant, id), entity: WH.endpoint, ...withoutNulls(next) },
        { condition: 'updatedAt = :seen', values: { ':seen': current.updatedAt } },
      )
      .log(
        logRow(tenant, auth, await actorName(tenant, auth), 'UPDATED', id, {
          url: input.url,
          events: input.events,
          enabled: input.enabled,
        }),
      )
      .commit();
  } catch (e) {
    if (e instanceof WriteFailed && e.failed.includes('endpoint'))
      throw conflict('This endpoint was changed at the same time: reload and try again');
    throw e;
  }
  forgetWebhookSubscriptions(tenant);
  return view(next);
}

/** Deletes the endpoint; its pending deliveries find it gone and end as failed (the worker). */
export async function deleteWebhook(tenant: TenantId, auth: AuthClaims, id: string): Promise<void> {
  const current = await endpoint(tenant, id);
  await auditedWrite(tenant)
    .delete('endpoint', endpointKey(tenant, id), { condition: 'attribute_exists(pk)' })
    .log(logRow(tenant, auth, await actorName(tenant, auth), 'DELETED', id, { url: current.url }))
    .commit()
    .catch((e) => {
      if (e instanceof WriteFailed && e.failed.includes('endpoint')) throw notFound('Webhook endpoint not found');
      throw e;
    });
  forgetWebhookSubscriptions(tenant);
}

/** A `webhook.test` event for this endpoint only, through the outbox like any other (so it is signed and logged alike). */
export async function testWebhook(tenant: TenantId, auth: AuthClaims, id: string): Promise<void> {
  const current = await endpoint(tenant, id);
  if (!current.enabled) throw conflict('Enable the endpoint before sending it a test event');
  await auditedWrite(tenant)
    .put(
      'outbox',
      outboxItem(tenant, [{ type: WEBHOOK_TEST_EVENT, data: { endpointId: id, message: 'This is a test event' } }], {
        endpointId: id,
      }),
    )
    .log(logRow(tenant, auth, await actorName(tenant, auth), 'TESTED', id, null))
    .commit();
}

export async function listDeliveries(tenant: TenantId, id: string, limit = 50): Promise<WebhookDeliveryView[]> {
  await endpoint(tenant, id);
  const res = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': keys.tenantPartition(tenant), ':p': `${WH.delivery}#${id}#` },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (res.Items ?? []).map((i) => {
    const d = parseDeliveryRow(i);
    return {
      id: d.id,
      messageId: d.messageId,
      event: d.type as WebhookDeliveryView['event'],
      at: d.at,
      status: d.status,
      attempts: d.attempts,
      lastStatusCode: d.lastStatusCode,
      lastLatencyMs: d.lastLatencyMs,
      lastError: d.lastError,
      lastAttemptAt: d.lastAttemptAt,
      nextAttemptAt: d.status === 'pending' ? d.nextAttemptAt : null,
      replayOf: d.replayOf,
    };
  });
}

/** Replay: the same event with the same `webhook-id`, as a new delivery to this endpoint (R-SET-10). */
export async function replayDelivery(
  tenant: TenantId,
  auth: AuthClaims,
  id: string,
  deliveryId: string,
): Promise<void> {
  const current = await endpoint(tenant, id);
  if (!current.enabled) throw conflict('Enable the endpoint before replaying a delivery');
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: deliveryKey(tenant, id, deliveryId), ConsistentRead: true }),
  );
  if (!res.Item) throw notFound('Delivery not found');
  const d = parseDeliveryRow(res.Item);
  const item = outboxItem(tenant, [{ type: d.type, data: d.data }], { endpointId: id, messageId: d.messageId });
  // The payload's timestamp stays the change's own.
  (item.events as { at: string }[])[0]!.at = d.at;
  await auditedWrite(tenant)
    .put('outbox', item)
    .log(logRow(tenant, auth, await actorName(tenant, auth), 'REPLAYED', id, { deliveryId, messageId: d.messageId }))
    .commit();
}
