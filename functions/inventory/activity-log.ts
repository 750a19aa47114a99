import { randomUUID } from 'node:crypto';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  type ActivityLogEntry,
  activityLogEntrySchema,
  type ItemStatus,
} from '../../shared/contract/inventory-models.js';
import * as z from '../../shared/zod.js';
import type { AuthClaims } from '../lib/tokens.js';
import { db } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';
import { rowParser } from '../lib/rows.js';
import { userNames } from '../users/store.js';
import { INVENTORY_ROWS, table } from './model.js';

type InventoryEventType =
  | 'ITEM_CREATED'
  | 'ITEM_UPDATED'
  | 'ITEM_DELETED'
  | 'ITEM_STATUS_CHANGED'
  | 'PRODUCT_TYPE_CREATED'
  | 'PRODUCT_TYPE_UPDATED'
  | 'PRODUCT_TYPE_DELETED'
  | 'VARIANT_CREATED'
  | 'VARIANT_UPDATED'
  | 'VARIANT_DELETED'
  | 'LOCATION_CREATED'
  | 'BULK_CREATED'
  | 'BULK_DELETED';

interface LogInput {
  eventType: InventoryEventType;
  actor: AuthClaims;
  item?: { id: string; itemNumber: string } | null;
  productType?: { id: string; name: string } | null;
  oldStatus?: ItemStatus | null;
  newStatus?: ItemStatus | null;
  details?: Record<string, unknown>;
}

interface LogRow {
  id: string;
  eventType: InventoryEventType;
  eventDate: string;
  userId: string;
  item: { id: string; itemNumber: string } | null;
  productType: { id: string; name: string } | null;
  oldStatus: ItemStatus | null;
  newStatus: ItemStatus | null;
  details: ActivityLogEntry['details'];
  /** A change made with an API key: the key's name, as no user row stands behind it (R-SET-9). */
  actorName?: string;
}

/** A stored log row: the entry as answered, with the acting user's id where the answer has the user. */
const parseLogRow = rowParser(
  'inventory log',
  z.extend(z.omit(activityLogEntrySchema, { user: true }), { userId: z.string(), actorName: z.optional(z.string()) }),
);

/** The log row of a change (keys included), for `AuditedWrite.log` in the transaction of the change it records. */
export function logRow(tenant: TenantId, input: LogInput): Record<string, unknown> {
  const eventDate = new Date().toISOString();
  const id = randomUUID();
  const row: LogRow = {
    id,
    eventType: input.eventType,
    eventDate,
    userId: input.actor.userId,
    item: input.item ?? null,
    productType: input.productType ?? null,
    oldStatus: input.oldStatus ?? null,
    newStatus: input.newStatus ?? null,
    details: { ...(input.details ?? {}), timestamp: eventDate },
    ...(input.actor.apiKey ? { actorName: input.actor.username } : {}),
  };
  return { ...keys.entity(tenant, INVENTORY_ROWS.log, `${eventDate}#${id}`), ...row };
}

/** Newest first; acting users' names joined from the tenant's user rows. */
export async function listActivity(tenant: TenantId, limit: number): Promise<ActivityLogEntry[]> {
  const [res, names] = await Promise.all([
    db().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': keys.tenantPartition(tenant), ':p': `${INVENTORY_ROWS.log}#` },
        ScanIndexForward: false,
        Limit: limit,
      }),
    ),
    userNames(tenant),
  ]);
  return (res.Items ?? []).map((i) => {
    const row = parseLogRow(i);
    const n = names.get(row.userId);
    return {
      id: row.id,
      eventType: row.eventType,
      eventDate: row.eventDate,
      details: row.details,
      oldStatus: row.oldStatus,
      newStatus: row.newStatus,
      item: row.item,
      productType: row.productType,
      user: n
        ? { id: row.userId, ...n }
        : row.actorName
          ? { id: row.userId, firstName: row.actorName, lastName: '' }
          : null,
    };
  });
}
