import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RouteId } from '../../shared/contract/index.js';
import { serviceBody } from '../../shared/contract/service-models.js';
import { db, tableName } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';
import type { IsolationFixture } from '../testing/isolation-case.js';
import { SERVICE_ROWS } from './model.js';
import { ensureShareToken } from './share-link.js';
import { createService } from './service-write.js';
import { joinWaitlist } from './waitlist-join.js';

const SLOT = { date: '2099-01-01', startTime: '10:00', endTime: '11:00' };

async function setPlaces(tenant: TenantId, serviceId: string, n: number) {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.entity(tenant, SERVICE_ROWS.service, serviceId),
      UpdateExpression: 'SET availability[0].slotsAvailable = :n',
      ExpressionAttributeValues: { ':n': n },
    }),
  );
}

/** A's service with one full slot and one confirmed person waiting on it (their e-mail is the secret). */
async function waitingEntry(owner: { tenant: TenantId }) {
  const row = await createService(
    owner.tenant,
    serviceBody.parse({
      name: `wl-${randomUUID()}`,
      rate: '10',
      rateType: 'FIXED',
      availability: JSON.stringify([{ ...SLOT, slotsAvailable: 1 }]),
      timeZone: 'UTC',
    }),
  );
  const { shareToken } = await ensureShareToken(owner.tenant, row.id);
  await setPlaces(owner.tenant, row.id, 0);
  const email = `wl-${randomUUID().slice(0, 8)}@iso.example`;
  const { entry } = await joinWaitlist(shareToken, {
    slot: SLOT,
    customer: { firstName: 'Iso', lastName: 'Waiter', phone: '555-000-1111', email },
    participantCount: 1,
  });
  // Confirmed as its e-mailed link would (R-SVC-11): staff see only confirmed entries.
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: { pk: keys.tenantPartition(owner.tenant), sk: entry.sk },
      UpdateExpression: 'SET #s = :w, confirmedAt = :at REMOVE gsi1pk, gsi1sk',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':w': 'WAITING', ':at': new Date().toISOString() },
    }),
  );
  return { serviceId: row.id, entryId: entry.id, email };
}

/** The staff waitlist routes (R-SVC-10) in the tenant isolation walk and the fuzz test. */
export const waitlistIsolationFixtures: Partial<Record<RouteId, IsolationFixture>> = {
  'services.waitlistList': async (owner) => {
    const w = await waitingEntry(owner);
    return { params: { id: w.serviceId }, secrets: [w.email, w.entryId] };
  },
  'services.waitlistRemove': async (owner) => {
    const w = await waitingEntry(owner);
    return { params: { id: w.serviceId, entryId: w.entryId }, secrets: [w.email] };
  },
  'services.waitlistOfferByHand': async (owner) => {
    const w = await waitingEntry(owner);
    await setPlaces(owner.tenant, w.serviceId, 1);
    return { params: { id: w.serviceId, entryId: w.entryId }, secrets: [w.email] };
  },
};
