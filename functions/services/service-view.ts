/** The staff's answer for a service row (R-SVC-1) and the photo URLs the staff and public pages show. */
import * as z from '../../shared/zod.js';
import { type StaffService, type StaffServiceWire, staffServiceSchema } from '../../shared/contract/responses.js';
import { waitlistSettingsOf } from '../../shared/domain/waitlist.js';
import { photoKeys, presignGet, type PhotoVariant } from '../lib/files.js';
import type { TenantId } from '../lib/keys.js';
import type { PhotoUrls, ServiceRow } from './model.js';

/** Presigned GETs for the photo's original and the variants the resize step writes (docs/decisions/0039-booking-serving-photos-presigned-get-urls-minted.md). */
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
    ticketTypes: row.ticketTypes ?? [],
    shareToken: row.shareToken,
    isActive: row.isActive,
    timeZone: row.timeZone,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
  return z.encode(staffServiceSchema, service);
}
