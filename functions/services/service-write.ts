/**
 * Staff writes of a service (R-SVC-1): create, and update under optimistic concurrency. Loaded on
 * first use by the handler, so the public page's cold start does not carry the field rules.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ServiceInput } from '../../shared/contract/service-models.js';
import { db, isConditionFailure, nowIso, tableName } from '../lib/db.js';
import { conflict, notFound } from '../lib/errors.js';
import { keys, type TenantId } from '../lib/keys.js';
import { optimistic, retryWhen } from '../lib/optimistic.js';
import { SERVICE_ROWS, type ServiceRow } from './model.js';
import { fieldsFrom } from './service-fields.js';
import { parseServiceRow, withSlotRows } from './store.js';

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
            // Holds and taken places live on the slot rows (services/slot-rows.ts), which an edit never touches.
            Item: { ...keys.entity(tenant, SERVICE_ROWS.service, id), ...row },
            ConditionExpression: 'version = :v',
            ExpressionAttributeValues: { ':v': prev.version },
          }),
        );
        // Places raised by staff go to the slot's waitlist first (R-SVC-9); loaded on first use (cold-start budget).
        const { checkRaisedSlots } = await import('./waitlist-check.js');
        await checkRaisedSlots(tenant, id, prev.availability, row.availability);
        return withSlotRows(tenant, row);
      } catch (e) {
        return retryWhen(e, isConditionFailure(e));
      }
    },
    () => {
      throw conflict('The service changed while saving. Please try again.');
    },
  );
}
