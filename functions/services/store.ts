/**
 * The service row (R-SVC-1): its schema, reads, create and update. The staff's answer is service-view.ts,
 * the body's fields service-fields.ts, the delete service-delete.ts, the share link share-link.ts.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from '../../shared/zod.js';
import {
  addonView,
  hostView,
  paymentSettingsView,
  pricingTierView,
  privacySettingsView,
  questionnaireView,
  reminderSettingsView,
  rsvpSettingsView,
  waitlistSettingsView,
  serviceSlotView,
} from '../../shared/contract/responses.js';
import type { ServiceInput } from '../../shared/contract/service-models.js';
import { db, isConditionFailure, nowIso, queryPages, tableName } from '../lib/db.js';
import { conflict, notFound } from '../lib/errors.js';
import { keys, type TenantId } from '../lib/keys.js';
import { optimistic, retryWhen } from '../lib/optimistic.js';
import { optionalText, type RowParser, rowParser } from '../lib/rows.js';
import { SERVICE_ROWS, type ServiceRow } from './model.js';
import { fieldsFrom } from './service-fields.js';
import { holdAttributes } from './slot-hold-attributes.js';

/**
 * A service row as `createService` / `updateService` write it (every attribute, nulls included); the
 * object fields are stored as maps and lists with the contract's shapes. Here rather than in model.ts,
 * which payments and the sweeps import for its key prefixes alone: they need not carry these schemas.
 */
const serviceRow = z.object({
  id: z.string(),
  name: z.string(),
  description: optionalText(),
  location: optionalText(),
  photoBaseKey: optionalText(),
  photoKey: optionalText(),
  rate: z.number(),
  rateType: z.string(),
  availability: z.array(serviceSlotView),
  showPaymentOptions: z.boolean(),
  notes: optionalText(),
  paymentSettings: paymentSettingsView,
  paymentNote: optionalText(),
  hosts: z.array(hostView),
  rsvpSettings: rsvpSettingsView,
  questionnaire: questionnaireView,
  privacySettings: privacySettingsView,
  reminderSettings: reminderSettingsView,
  waitlistSettings: z.optional(z.nullable(waitlistSettingsView)),
  enableTieredPricing: z.boolean(),
  pricingTiers: z.array(pricingTierView),
  enableAddons: z.boolean(),
  addons: z.array(addonView),
  shareToken: optionalText(),
  isActive: z.boolean(),
  timeZone: optionalText(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const parseServiceRow: RowParser<ServiceRow> = rowParser('service', serviceRow);

export async function getServiceRow(tenant: TenantId, id: string, consistent = false): Promise<ServiceRow | null> {
  const res = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.entity(tenant, SERVICE_ROWS.service, id),
      ConsistentRead: consistent,
    }),
  );
  return res.Item ? parseServiceRow(res.Item) : null;
}

export async function listServiceRows(tenant: TenantId): Promise<ServiceRow[]> {
  const out: ServiceRow[] = [];
  for await (const items of queryPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': keys.tenantPartition(tenant), ':p': `${SERVICE_ROWS.service}#` },
  })) {
    for (const i of items) out.push(parseServiceRow(i));
  }
  return out.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function createService(tenant: TenantId, body: ServiceInput): Promise<ServiceRow> {
  const now = nowIso();
  const row: ServiceRow = {
    id: randomUUID(),
    ...(await fieldsFrom(tenant, body, null)),
    shareToken: null,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.entity(tenant, SERVICE_ROWS.service, row.id), ...row },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return row;
}

/** Read, merge, write only if nothing (a booking, another edit) changed the row in between. */
export async function updateService(tenant: TenantId, id: string, body: ServiceInput): Promise<ServiceRow> {
  return optimistic(
    async () => {
      const stored = await db().send(
        new GetCommand({
          TableName: tableName(),
          Key: keys.entity(tenant, SERVICE_ROWS.service, id),
          ConsistentRead: true,
        }),
      );
      if (!stored.Item) throw notFound('Service not found');
      const prev = parseServiceRow(stored.Item);
      const row: ServiceRow = {
        ...prev,
        ...(await fieldsFrom(tenant, body, prev)),
        version: prev.version + 1,
        updatedAt: nowIso(),
      };
      try {
        await db().send(
          new PutCommand({
            TableName: tableName(),
            // Places a booking has taken but not yet landed stay held (services/slot-holds.ts, R-BOOK-5).
            Item: { ...keys.entity(tenant, SERVICE_ROWS.service, id), ...row, ...holdAttributes(stored.Item) },
            ConditionExpression: 'version = :v',
            ExpressionAttributeValues: { ':v': prev.version },
          }),
        );
        // Places raised by staff go to the slot's waitlist first (R-SVC-9); loaded on first use (cold-start budget).
        const { checkRaisedSlots } = await import('./waitlist-store.js');
        await checkRaisedSlots(tenant, id, prev.availability, row.availability);
        return row;
      } catch (e) {
        return retryWhen(e, isConditionFailure(e));
      }
    },
    () => {
      throw conflict('The service changed while saving. Please try again.');
    },
  );
}
