/**
 * Reminder markers and cancel links (R-SET-7, docs/decisions/0232-reminder-sweep.md).
 *
 * Markers: one row per reminder still ahead, written IN the transaction that creates or restores the
 * reservation (so a reservation and its reminders land together or not at all):
 *   `T#{org}` / `REMINDER#{reservationId}#{offsetMinutes}` → {tenantId, reservationId, offsetMinutes,
 *   dueAt, startTime}, indexed `gsi1pk = SWEEP#REMINDER#{UTC hour of dueAt}#{shard}`,
 *   `gsi1sk = {dueAt}#{org}#{reservationId}#{offset}`.
 * The sweep (functions/sweeps/reminders.ts) queries the hour buckets from its cursor up to now: a
 * keyed Query on the due time, never a Scan, and no single partition takes every tenant's traffic.
 * Cancel, return and delete leave the markers: the sweep re-reads the reservation at send time and
 * drops a marker whose reservation is not ACTIVE, or whose start moved.
 *
 * Cancel links: `RESCANCEL#{sha256(token)}` / `RESCANCEL` → {tenantId, reservationId, validUntil (the
 * start), usedAt?}; only the hash is stored (functions/lib/secure-token.ts), TTL a month after the start.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  offsetsFor,
  reminderBucket,
  remindersAhead,
  type ServiceReminderOverride,
} from '../../shared/domain/reminders.js';
import type { AuditedWrite } from '../lib/audited-write.js';
import { db, tableName } from '../lib/db.js';
import { keys, type Key, type TenantId } from '../lib/keys.js';
import { hashToken, newSecretToken } from '../lib/secure-token.js';
import { readReminderSettings } from '../settings/reminders.js';
import type { ReservationRow } from './entity.js';
import { shardedIndexKey } from '../lib/sweep-shard-keys.js';

const REMINDER_INDEX_PREFIX = 'SWEEP#REMINDER#';
export const reminderIndex = (bucket: string) => `${REMINDER_INDEX_PREFIX}${bucket}`;
export const reminderMarkerKey = (tenant: TenantId, reservationId: string, offsetMinutes: number): Key =>
  keys.entity(tenant, 'REMINDER', `${reservationId}#${offsetMinutes}`);

export interface ReminderMarker {
  tenantId: string;
  reservationId: string;
  offsetMinutes: number;
  dueAt: string;
  /** The start the reminder was scheduled for: a moved start makes it stale. */
  startTime: string;
  /** A sweep holds it until then while it sends (absent: free). */
  claimedUntil?: number;
  attempts?: number;
}

export function reminderMarkerRow(
  tenant: TenantId,
  r: Pick<ReservationRow, 'id' | 'startTime'>,
  offsetMinutes: number,
  dueAt: number,
): Record<string, unknown> {
  const due = new Date(dueAt).toISOString();
  return {
    ...reminderMarkerKey(tenant, r.id, offsetMinutes),
    gsi1pk: shardedIndexKey(reminderIndex(reminderBucket(dueAt)), tenant),
    gsi1sk: `${due}#${tenant}#${r.id}#${offsetMinutes}`,
    tenantId: tenant,
    reservationId: r.id,
    offsetMinutes,
    dueAt: due,
    startTime: r.startTime,
  };
}

/**
 * The markers of a reservation that is ACTIVE from now on (created or restored): one per offset
 * whose due time is still ahead of `now`, none without a customer e-mail. A put overwrites a marker
 * left from before a cancellation, so a restored reservation never gets the same reminder twice.
 */
export function addReminderParts(
  w: AuditedWrite,
  tenant: TenantId,
  row: Pick<ReservationRow, 'id' | 'startTime' | 'customer'>,
  offsets: readonly number[],
  now: number,
): void {
  if (!row.customer?.email) return;
  for (const r of remindersAhead(Date.parse(row.startTime), offsets, now))
    w.put(`reminder#${r.offsetMinutes}`, reminderMarkerRow(tenant, row, r.offsetMinutes, r.dueAt));
}

/** The offsets that apply to a new or restored reservation of this tenant (the service's own list first). */
export async function reminderOffsetsFor(
  tenant: TenantId,
  kind: 'ITEM' | 'SERVICE',
  service?: ServiceReminderOverride | null,
): Promise<number[]> {
  return offsetsFor(await readReminderSettings(tenant), kind, service);
}

// ---------------------------------------------------------------- cancel links

export const cancelTokenKey = (tokenHash: string): Key => ({ pk: `RESCANCEL#${tokenHash}`, sk: 'RESCANCEL' });

/**
 * A new single-use cancel link for one reminder e-mail: 256 random bits, the pointer keyed by its
 * hash, valid until the reservation starts (the cut-off is the tenant's, checked when it is used).
 */
export async function issueCancelToken(
  tenant: TenantId,
  r: Pick<ReservationRow, 'id' | 'startTime'>,
  now = Date.now(),
): Promise<string> {
  const token = newSecretToken();
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...cancelTokenKey(hashToken(token)),
        tenantId: tenant,
        reservationId: r.id,
        validUntil: r.startTime,
        createdAt: new Date(now).toISOString(),
        expiresAt: Math.floor(Date.parse(r.startTime) / 1000) + 30 * 86_400,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return token;
}
