import { randomUUID } from 'node:crypto';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
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
  type StaffService,
  type StaffServiceWire,
  staffServiceSchema,
} from '../../shared/contract/responses.js';
import type { ServiceInput } from '../../shared/contract/routes/services.js';
import { sameSlot, slotEnd, type Slot } from '../../shared/domain/slots.js';
import { waitlistSettingsOf } from '../../shared/domain/waitlist.js';
import { configuredMethods, hasPaymentMethod } from '../../shared/domain/share-payment.js';
import { db, isConditionFailure, nowIso, tableName } from '../lib/db.js';
import { badRequest, conflict, notFound } from '../lib/errors.js';
import { photoKeys, presignGet, type PhotoVariant } from '../lib/files.js';
import { hashToken, newSecretToken } from '../lib/secure-token.js';
import { keys, type TenantId } from '../lib/keys.js';
import { organizationTimeZone } from '../lib/organization.js';
import { optimistic, retryWhen } from '../lib/optimistic.js';
import { optionalText, type RowParser, rowParser } from '../lib/rows.js';
import { E, type PhotoUrls, type ServiceRow } from './model.js';
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
    new GetCommand({ TableName: tableName(), Key: keys.entity(tenant, E.service, id), ConsistentRead: consistent }),
  );
  return res.Item ? parseServiceRow(res.Item) : null;
}

export async function listServiceRows(tenant: TenantId): Promise<ServiceRow[]> {
  const out: ServiceRow[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': keys.tenantPartition(tenant), ':p': `${E.service}#` },
        ExclusiveStartKey: start,
      }),
    );
    for (const i of res.Items ?? []) out.push(parseServiceRow(i));
    start = res.LastEvaluatedKey;
  } while (start);
  return out.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Presigned GETs for the photo's original and the variants the resize step writes (docs/decisions/booking-serving-photos-presigned-get-urls-minted.md). */
export async function photoUrlsFor(
  tenant: TenantId,
  row: Pick<ServiceRow, 'photoBaseKey' | 'photoKey'>,
): Promise<PhotoUrls | null> {
  if (!row.photoBaseKey) return null;
  const variant = (v: PhotoVariant) => presignGet(photoKeys.variant(tenant, v, row.photoBaseKey!));
  const [medium, large, original] = await Promise.all([
    variant('medium'),
    variant('large'),
    row.photoKey ? presignGet(row.photoKey) : Promise.resolve(undefined),
  ]);
  return { original: original ?? large, medium, large };
}

/** The staff shape: object-valued fields encoded as JSON text by the contract's codec (R-SVC-1). */
export async function toStaffService(tenant: TenantId, row: ServiceRow): Promise<StaffServiceWire> {
  const urls = await photoUrlsFor(tenant, row);
  const service: StaffService = {
    id: row.id,
    name: row.name,
    description: row.description,
    location: row.location,
    photo: urls?.medium ?? null,
    photoUrls: urls,
    photoBaseKey: row.photoBaseKey,
    rate: row.rate,
    rateType: row.rateType,
    availability: row.availability,
    showPaymentOptions: row.showPaymentOptions,
    notes: row.notes,
    paymentSettings: row.paymentSettings,
    paymentNote: row.paymentNote,
    hosts: row.hosts,
    rsvpSettings: row.rsvpSettings,
    questionnaire: row.questionnaire,
    privacySettings: row.privacySettings,
    reminderSettings: row.reminderSettings,
    waitlistSettings: waitlistSettingsOf(row),
    enableTieredPricing: row.enableTieredPricing,
    pricingTiers: row.pricingTiers,
    enableAddons: row.enableAddons,
    addons: row.addons,
    shareToken: row.shareToken,
    isActive: row.isActive,
    timeZone: row.timeZone,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
  return z.encode(staffServiceSchema, service);
}

/**
 * Staff set how many places a slot has open. A slot that comes back with the capacity it had
 * (same originalSlotsAvailable) keeps the live count, so saving a form opened before a booking
 * does not give that booking's places away again; a changed capacity is taken as the new count.
 */
export function mergeAvailability(existing: readonly Slot[], incoming: readonly Slot[]): Slot[] {
  return incoming.map((s) => {
    const sentCapacity = s.originalSlotsAvailable ?? s.slotsAvailable;
    const prev = existing.find((e) => sameSlot(e, s));
    if (prev && (prev.originalSlotsAvailable ?? prev.slotsAvailable) === sentCapacity) {
      return {
        date: s.date,
        startTime: s.startTime,
        endTime: s.endTime,
        slotsAvailable: prev.slotsAvailable,
        originalSlotsAvailable: sentCapacity,
      };
    }
    return {
      date: s.date,
      startTime: s.startTime,
      endTime: s.endTime,
      slotsAvailable: s.slotsAvailable,
      originalSlotsAvailable: s.slotsAvailable,
    };
  });
}

async function photoKeyFor(tenant: TenantId, baseKey: string): Promise<string> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: keys.entity(tenant, E.photo, baseKey) }));
  const status = res.Item?.status as string | undefined;
  if (!res.Item || status === 'REJECTED')
    throw badRequest('Validation failed: Photo not found. Please upload it again.', [
      { msg: 'Photo not found. Please upload it again.', path: 'body.photoBaseKey' },
    ]);
  return res.Item.originalKey as string;
}

/** The stored fields from a validated body; `prev` supplies what an update keeps. */
async function fieldsFrom(tenant: TenantId, body: ServiceInput, prev: ServiceRow | null) {
  const payment = configuredMethods(body.paymentSettings ?? {});
  const enableTieredPricing = body.enableTieredPricing ?? false;
  const enableAddons = body.enableAddons ?? false;
  const baseKey = body.photoBaseKey || null;
  const photoKey = !baseKey
    ? null
    : baseKey === prev?.photoBaseKey
      ? prev.photoKey
      : await photoKeyFor(tenant, baseKey);
  const incomingSlots = (body.availability ?? []) as Slot[];
  return {
    name: body.name,
    description: body.description?.trim() || null,
    location: body.location?.trim() || null,
    photoBaseKey: baseKey,
    photoKey,
    rate: body.rate,
    rateType: body.rateType,
    availability: mergeAvailability(prev?.availability ?? [], incomingSlots),
    showPaymentOptions: hasPaymentMethod(payment),
    notes: body.notes?.trim() || null,
    paymentSettings: payment,
    paymentNote: body.paymentNote?.trim() || null,
    hosts: body.hosts ?? [],
    rsvpSettings: body.rsvpSettings ?? { maxParticipants: null, enablePublicBookings: true },
    questionnaire: body.questionnaire ?? { collectAllergies: false },
    privacySettings: body.privacySettings ?? {},
    reminderSettings: body.reminderSettings ?? {},
    waitlistSettings: body.waitlistSettings ?? prev?.waitlistSettings ?? null,
    enableTieredPricing,
    // Turning a feature off empties its list (R-SVC-1), here as in the form.
    pricingTiers: enableTieredPricing ? (body.pricingTiers ?? []).map((t) => ({ ...t, id: t.id ?? randomUUID() })) : [],
    enableAddons,
    addons: enableAddons ? (body.addons ?? []).map((a) => ({ ...a, id: a.id ?? randomUUID() })) : [],
    isActive: body.isActive ?? prev?.isActive ?? true,
    timeZone: body.timeZone ?? prev?.timeZone ?? null,
  };
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
      Item: { ...keys.entity(tenant, E.service, row.id), ...row },
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
        new GetCommand({ TableName: tableName(), Key: keys.entity(tenant, E.service, id), ConsistentRead: true }),
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
            Item: { ...keys.entity(tenant, E.service, id), ...row, ...holdAttributes(stored.Item) },
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

/** Places booked in slots that have not ended (rows booked before the booking pointers existed). */
function bookedUpcomingPlaces(row: ServiceRow, zone: string, now: number): number {
  return row.availability.reduce(
    (n, s) =>
      s.originalSlotsAvailable != null && slotEnd(s, zone) > now
        ? n + Math.max(0, s.originalSlotsAvailable - s.slotsAvailable)
        : n,
    0,
  );
}

/** Why a service stays (docs/decisions/nothing-rented-disappears.md; R-INV-7 shows it after "Failed to delete service"). */
export function bookedServiceMessage(name: string, reservationNumbers: readonly string[], places: number): string {
  const what = reservationNumbers.length
    ? `active bookings (${reservationNumbers.join(', ')})`
    : `${places} place${places === 1 ? '' : 's'} booked in upcoming slots`;
  return `Service "${name}" cannot be deleted: it has ${what}. Cancel them first.`;
}

/**
 * Deleting a service retires its share link in the same transaction: the link then reads "expired".
 * Refused while ACTIVE bookings of it have not ended (its booking pointers, and booked places in its
 * upcoming slots). The delete is conditional on the version read: every booking and cancellation
 * bumps it, so a booking made meanwhile is seen on the re-read instead of slipping through.
 */
export async function deleteService(tenant: TenantId, id: string, now = Date.now()): Promise<void> {
  return optimistic(
    async () => {
      const stored = await db().send(
        new GetCommand({ TableName: tableName(), Key: keys.entity(tenant, E.service, id), ConsistentRead: true }),
      );
      if (!stored.Item) throw notFound('Service not found');
      const prev = parseServiceRow(stored.Item);
      const { upcomingServiceBookings } = await import('../reservations/entity.js');
      const [bookings, zone] = await Promise.all([
        upcomingServiceBookings(tenant, id, now),
        organizationTimeZone(tenant),
      ]);
      const places = bookedUpcomingPlaces(prev, prev.timeZone || zone, now);
      if (bookings.length || places > 0)
        throw conflict(
          bookedServiceMessage(
            prev.name,
            bookings.map((b) => b.reservationNumber),
            places,
          ),
        );
      try {
        await deleteServiceRows(tenant, prev);
      } catch (e) {
        return retryWhen(e, isConditionFailure(e));
      }
    },
    () => {
      throw conflict('The service changed while it was being deleted. Please try again.');
    },
  );
}

async function deleteServiceRows(tenant: TenantId, prev: ServiceRow): Promise<void> {
  const id = prev.id;
  const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
    {
      Delete: {
        TableName: tableName(),
        Key: keys.entity(tenant, E.service, id),
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':v': prev.version },
      },
    },
  ];
  if (prev.shareToken) {
    items.push({
      Update: {
        TableName: tableName(),
        Key: keys.shareToken(hashToken(prev.shareToken)),
        UpdateExpression: 'SET revokedAt = :now',
        ExpressionAttributeValues: { ':now': nowIso() },
        ConditionExpression: 'attribute_exists(pk)',
      },
    });
  }
  await db().send(new TransactWriteCommand({ TransactItems: items }));
}

/**
 * The share link's token: 256 random bits. The platform pointer row is keyed by its SHA-256, so the
 * public lookup never lists working tokens; the token itself stays on the tenant's service row,
 * because the staff screen shows the link again (R-SVC-5).
 */
export async function ensureShareToken(
  tenant: TenantId,
  id: string,
): Promise<{ shareToken: string; created: boolean }> {
  const prev = await getServiceRow(tenant, id, true);
  if (!prev) throw notFound('Service not found');
  if (prev.shareToken) return { shareToken: prev.shareToken, created: false };
  const token = newSecretToken();
  const now = nowIso();
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.entity(tenant, E.service, id),
              UpdateExpression: 'SET shareToken = :t, updatedAt = :now, version = version + :one',
              ConditionExpression:
                'attribute_exists(pk) AND (attribute_not_exists(shareToken) OR attribute_type(shareToken, :nullType))',
              ExpressionAttributeValues: { ':t': token, ':now': now, ':one': 1, ':nullType': 'NULL' },
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.shareToken(hashToken(token)), tenantId: tenant, serviceId: id, createdAt: now },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
    return { shareToken: token, created: true };
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    // Someone generated it a moment earlier: theirs is the link.
    const again = await getServiceRow(tenant, id, true);
    if (again?.shareToken) return { shareToken: again.shareToken, created: false };
    throw notFound('Service not found');
  }
}

export async function deleteRow(key: { pk: string; sk: string }): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: key }));
}

export async function nextReservationNumber(tenant: TenantId): Promise<string> {
  const res = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.entity(tenant, E.counter, 'RESERVATION'),
      UpdateExpression: 'ADD seq :one',
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return formatReservationNumber(Number(res.Attributes?.seq ?? 0));
}

export const formatReservationNumber = (n: number) => `RES-${String(n).padStart(6, '0')}`;
