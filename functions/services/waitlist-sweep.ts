/**
 * The waitlist sweep (R-SVC-9, R-SVC-11, docs/decisions/0236-waitlist.md): holds past their time
 * released, joins never confirmed lapsed, then the due checks' offers (./waitlist-offers.ts). Apart
 * from the offers, because releasing places starts a check (./waitlist-check.ts), which runs the
 * offers: the offers then import nothing that leads back to them
 * (docs/decisions/0260-areas-depend-one-way.md: no file cycles).
 */
import { trustedTenant } from '../lib/keys.js';
import { shardedIndexItems } from '../lib/sweep-shards.js';
import { tableName } from '../lib/db.js';
import { processCheck } from './waitlist-offers.js';
import { releaseOffer } from './waitlist-release.js';
import { CHECK_INDEX_PK, CONFIRM_INDEX_PK, HOLD_INDEX_PK } from './waitlist-store.js';
import type { SlotRef } from '../../shared/domain/slots.js';

interface IndexItem {
  tenantId: string;
  serviceId?: string;
  slot?: SlotRef;
  sk: string;
  holdUntil?: string;
}

async function dueItems(indexPk: string, now: number): Promise<IndexItem[]> {
  const out: IndexItem[] = [];
  // Every shard of the index and its legacy key (R-PLAT-17), in due order.
  for await (const i of shardedIndexItems(indexPk, {
    TableName: tableName(),
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :now',
    ExpressionAttributeValues: { ':now': `${new Date(now).toISOString()}\uffff` },
    Limit: 100,
  })) {
    const tenantId = (i.tenantId as string | undefined) ?? String(i.pk).replace(/^T#/, '');
    out.push({ ...(i as unknown as IndexItem), tenantId });
  }
  return out;
}

/**
 * The waitlist sweep (every minute, functions/sweeps/waitlist-offers.ts): holds past their time are
 * released (the index is keyed by holdUntil, never a scan), then every due check makes its offers.
 * Safe twice at once: each step is conditional on what it read.
 */
export async function sweepWaitlist(
  now = Date.now(),
): Promise<{ expired: number; checks: number; offers: number; lapsed: number }> {
  let expired = 0;
  let lapsed = 0;
  let checks = 0;
  let offers = 0;
  for (const h of await dueItems(HOLD_INDEX_PK, now)) {
    if (!h.holdUntil || Date.parse(h.holdUntil) > now) continue;
    const tenant = trustedTenant(h.tenantId);
    if (await releaseOffer(tenant, h.sk, 'EXPIRED', 'EXPIRED', { now, holdUntil: h.holdUntil })) expired++;
  }
  // Joins never confirmed by their deadline lapse (R-SVC-11): the index is keyed by the deadline.
  const unconfirmed = await dueItems(CONFIRM_INDEX_PK, now);
  if (unconfirmed.length) {
    const { lapseUnconfirmed } = await import('./waitlist-confirm.js');
    for (const u of unconfirmed) if (await lapseUnconfirmed(trustedTenant(u.tenantId), u.sk, now)) lapsed++;
  }
  for (const c of await dueItems(CHECK_INDEX_PK, now)) {
    if (!c.serviceId || !c.slot) continue;
    checks++;
    offers += await processCheck(trustedTenant(c.tenantId), c.serviceId, c.slot, now);
  }
  return { expired, checks, offers, lapsed };
}
