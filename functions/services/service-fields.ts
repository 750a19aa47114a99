/** A validated service body as the fields `createService` / `updateService` store (R-SVC-1). */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ServiceInput } from '../../shared/contract/service-models.js';
import { sameSlot, type Slot } from '../../shared/domain/slots.js';
import { configuredMethods, hasPaymentMethod } from '../../shared/domain/share-payment.js';
import { db, tableName } from '../lib/db.js';
import { badRequest } from '../lib/errors.js';
import { keys, type TenantId } from '../lib/keys.js';
import { SERVICE_ROWS, type ServiceRow } from './model.js';

/**
 * Staff set a slot's capacity (originalSlotsAvailable, R-SVC-12); the places already taken stay taken.
 * A slot sent back with the capacity it had keeps its live count (a form opened before a booking gives
 * no place away again), and a changed capacity moves the places left by the change, never below 0.
 */
export function mergeAvailability(existing: readonly Slot[], incoming: readonly Slot[]): Slot[] {
  return incoming.map((s) => {
    const capacity = s.originalSlotsAvailable ?? s.slotsAvailable;
    const prev = existing.find((e) => sameSlot(e, s));
    const taken = prev ? Math.max(0, (prev.originalSlotsAvailable ?? prev.slotsAvailable) - prev.slotsAvailable) : 0;
    return {
      date: s.date,
      startTime: s.startTime,
      endTime: s.endTime,
      slotsAvailable: Math.max(0, capacity - taken),
      originalSlotsAvailable: capacity,
    };
  });
}

async function photoKeyFor(tenant: TenantId, baseKey: string): Promise<string> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.entity(tenant, SERVICE_ROWS.photo, baseKey) }),
  );
  const status = res.Item?.status as string | undefined;
  if (!res.Item || status === 'REJECTED')
    throw badRequest('Validation failed: Photo not found. Please upload it again.', [
      { msg: 'Photo not found. Please upload it again.', path: 'body.photoBaseKey' },
    ]);
  return res.Item.originalKey as string;
}

/** The stored fields from a validated body; `prev` supplies what an update keeps. */
export async function fieldsFrom(tenant: TenantId, body: ServiceInput, prev: ServiceRow | null) {
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
    // R-SVC-13: a type keeps its id, so a booking's tickets name it across edits; a body without the field
    // (a client from before ticket types) keeps them, an empty list clears them.
    ticketTypes: (body.ticketTypes ?? prev?.ticketTypes ?? []).map((t) => ({ ...t, id: t.id ?? randomUUID() })),
    isActive: body.isActive ?? prev?.isActive ?? true,
    timeZone: body.timeZone ?? prev?.timeZone ?? null,
  };
}
