/**
 * The waitlist's rows (docs/data-model.md "Waitlist", docs/requirements/services.md R-SVC-7..R-SVC-10):
 * keys, the row schema and the reads (the "waitlist check" marker that freed places leave behind is
 * written by ./waitlist-check.ts).
 *
 *   entry         pk T#{org}, sk WAITLIST#{serviceId}#{slotKey}#{joinedAt}#{id}   (a slot's queue: one Query, join order)
 *                 while OFFERED: gsi1pk SWEEP#WLHOLD#{shard}, gsi1sk {holdUntil}#{org}#{id} (the expiry sweep)
 *   e-mail mark   pk T#{org}, sk WLEMAIL#{serviceId}#{slotKey}#{email}  → entrySk (one live entry per e-mail per slot)
 *   check marker  pk T#{org}, sk WLCHECK#{serviceId}#{slotKey}, gsi1pk SWEEP#WLCHECK#{shard}, gsi1sk {due}#{org}#…
 *   offer link    pk WLOFFER#{sha256(token)}, sk WLOFFER → {tenantId, serviceId, entrySk}
 *   leave link    pk WLLEAVE#{sha256(token)}, sk WLLEAVE → {tenantId, serviceId, entrySk}
 *   while UNCONFIRMED: gsi1pk SWEEP#WLCONFIRM#{shard}, gsi1sk {confirmBy}#{org}#{id} (the lapse sweep, R-SVC-11)
 *   confirm link  pk WLCONFIRM#{sha256(token)}, sk WLCONFIRM → {tenantId, serviceId, entrySk, confirmBy}
 *   slot count    pk T#{org}, sk WLCOUNT#{serviceId}#{slotKey} → live (UNCONFIRMED + WAITING + OFFERED)
 *   source count  pk T#{org}, sk WLSRC#{serviceId}#{slotKey}#{sha256(address)} → joins (new entries made)
 *   log line      pk T#{org}, sk WLLOG#{at}#{uuid}
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from '../../shared/zod.js';
import { type SlotRef } from '../../shared/domain/slots.js';
import { slotKey, WAITLIST_STATUSES, type WaitlistStatus } from '../../shared/domain/waitlist.js';
import type { AuditedWrite } from '../lib/audited-write.js';
import { db, queryPages, tableName } from '../lib/db.js';
import { keys, type Key, type TenantId } from '../lib/keys.js';
import { rowParser } from '../lib/rows.js';

const WL = {
  entry: 'WAITLIST',
  email: 'WLEMAIL',
  check: 'WLCHECK',
  log: 'WLLOG',
  count: 'WLCOUNT',
  source: 'WLSRC',
} as const;
/** How long the offer and leave links' pointers are kept after they stop mattering (table TTL). */
export const LINK_KEEP_SECONDS = 30 * 86400;
export const CHECK_INDEX_PK = 'SWEEP#WLCHECK';
export const HOLD_INDEX_PK = 'SWEEP#WLHOLD';
export const CONFIRM_INDEX_PK = 'SWEEP#WLCONFIRM';

export const offerLinkKey = (hash: string): Key => ({ pk: `WLOFFER#${hash}`, sk: 'WLOFFER' });
export const leaveLinkKey = (hash: string): Key => ({ pk: `WLLEAVE#${hash}`, sk: 'WLLEAVE' });
export const confirmLinkKey = (hash: string): Key => ({ pk: `WLCONFIRM#${hash}`, sk: 'WLCONFIRM' });

const queuePrefix = (serviceId: string, slot?: SlotRef) =>
  `${WL.entry}#${serviceId}#${slot ? `${slotKey(slot)}#` : ''}`;
export const entrySkOf = (serviceId: string, slot: SlotRef, joinedAt: string, id: string) =>
  `${queuePrefix(serviceId, slot)}${joinedAt}#${id}`;
export const emailKey = (tenant: TenantId, serviceId: string, slot: SlotRef, email: string): Key =>
  keys.entity(tenant, WL.email, `${serviceId}#${slotKey(slot)}#${email.trim().toLowerCase()}`);
export const checkKey = (tenant: TenantId, serviceId: string, slot: SlotRef): Key =>
  keys.entity(tenant, WL.check, `${serviceId}#${slotKey(slot)}`);
/** The slot's live-entry counter (R-SVC-11): kept on write, so a join never counts by reading. */
export const countKey = (tenant: TenantId, serviceId: string, slot: SlotRef): Key =>
  keys.entity(tenant, WL.count, `${serviceId}#${slotKey(slot)}`);
/** New entries one source address made on one slot (R-SVC-11); the address is stored hashed. */
export const sourceKey = (tenant: TenantId, serviceId: string, slot: SlotRef, sourceHash: string): Key =>
  keys.entity(tenant, WL.source, `${serviceId}#${slotKey(slot)}#${sourceHash}`);

const slotShape = z.object({ date: z.string(), startTime: z.string(), endTime: z.string() });
const entryRow = z.object({
  sk: z.string(),
  id: z.string(),
  serviceId: z.string(),
  slot: slotShape,
  customer: z.object({ firstName: z.string(), lastName: z.string(), phone: z.string(), email: z.string() }),
  participantCount: z.number(),
  status: z.enum(WAITLIST_STATUSES),
  joinedAt: z.string(),
  updatedAt: z.string(),
  holdUntil: z.optional(z.nullable(z.string())),
  heldPlaces: z.optional(z.nullable(z.number())),
  offerTokenHash: z.optional(z.nullable(z.string())),
  reservationId: z.optional(z.nullable(z.string())),
  /** R-SVC-11: until when an UNCONFIRMED entry may confirm, and when it did (its place in line). */
  confirmBy: z.optional(z.nullable(z.string())),
  confirmedAt: z.optional(z.nullable(z.string())),
  /** True when the entry is in the slot's live counter (entries from before the counter are not). */
  counted: z.optional(z.nullable(z.boolean())),
});
export type WaitlistEntry = z.output<typeof entryRow>;
const parseEntry = rowParser('waitlist-entry', entryRow);

export const entryKey = (tenant: TenantId, e: Pick<WaitlistEntry, 'sk'>): Key => ({
  pk: keys.tenantPartition(tenant),
  sk: e.sk,
});

export async function getEntry(tenant: TenantId, sk: string): Promise<WaitlistEntry | null> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: { pk: keys.tenantPartition(tenant), sk }, ConsistentRead: true }),
  );
  return res.Item ? parseEntry(res.Item) : null;
}

/** A slot's queue (or every slot's of the service), join order, read consistently: decisions follow it. */
export async function readQueue(tenant: TenantId, serviceId: string, slot?: SlotRef): Promise<WaitlistEntry[]> {
  const out: WaitlistEntry[] = [];
  for await (const items of queryPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': keys.tenantPartition(tenant), ':p': queuePrefix(serviceId, slot) },
    ConsistentRead: true,
  })) {
    for (const i of items) out.push(parseEntry(i));
  }
  return out;
}

/** An offer or leave link → the entry's tenant and row key (our own pointer, keyed by the token's hash). */
export async function readLink(key: Key): Promise<{ tenantId: string; serviceId: string; entrySk: string } | null> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: key }));
  if (!res.Item) return null;
  return {
    tenantId: String(res.Item.tenantId),
    serviceId: String(res.Item.serviceId),
    entrySk: String(res.Item.entrySk),
  };
}

/** A waitlist log line (every transition writes one in its own transaction). */
export function waitlistLog(
  w: AuditedWrite,
  tenant: TenantId,
  e: Pick<WaitlistEntry, 'id' | 'serviceId' | 'slot'>,
  action:
    | 'JOINED'
    | 'CONFIRMED'
    | 'LAPSED'
    | 'OFFERED'
    | 'BOOKED'
    | 'EXPIRED'
    | 'DECLINED'
    | 'LEFT'
    | 'REMOVED'
    | 'WITHDRAWN',
  at: string,
  extra: Record<string, unknown> = {},
): void {
  w.log({
    ...keys.entity(tenant, WL.log, `${at}#${randomUUID()}`),
    action,
    entryId: e.id,
    serviceId: e.serviceId,
    slot: e.slot,
    at,
    ...extra,
  });
}

/**
 * An entry leaves the live set (left, removed, booked, offer ended, unconfirmed lapsed): the slot's
 * counter goes down in the same transaction, so it frees a place for the next join (R-SVC-11).
 */
export function uncount(w: AuditedWrite, tenant: TenantId, e: Pick<WaitlistEntry, 'serviceId' | 'slot' | 'counted'>) {
  if (e.counted) w.count(countKey(tenant, e.serviceId, e.slot), { live: -1 });
}

export type { WaitlistStatus };
