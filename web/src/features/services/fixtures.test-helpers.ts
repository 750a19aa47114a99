import * as z from '../../../../shared/zod.js';
import {
  type PublicService,
  publicServiceSchema,
  type StaffService,
  staffServiceSchema,
} from '../../../../shared/contract/responses.js';

/** A staff service as the SPA holds it (decoded), every field the contract names. */
export function staffService(over: Partial<StaffService> = {}): StaffService {
  return {
    id: 's1',
    name: 'Sunset Tour',
    description: null,
    location: null,
    photo: null,
    photoUrls: null,
    photoBaseKey: null,
    rate: 25,
    rateType: 'PER_PERSON',
    availability: [],
    showPaymentOptions: false,
    notes: null,
    paymentSettings: {},
    paymentNote: null,
    hosts: [],
    rsvpSettings: { maxParticipants: null, enablePublicBookings: true },
    questionnaire: { collectAllergies: false },
    privacySettings: {},
    reminderSettings: {},
    enableTieredPricing: false,
    pricingTiers: [],
    enableAddons: false,
    addons: [],
    shareToken: null,
    isActive: true,
    timeZone: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    updatedAt: '2030-01-01T00:00:00.000Z',
    ...over,
  };
}

/** The same service as the API sends it (object fields as JSON text), for network stubs. */
export const staffServiceWire = (over: Partial<StaffService> = {}) => z.encode(staffServiceSchema, staffService(over));

/** A service as the public share page reads it. */
export function publicService(over: Partial<PublicService> = {}): PublicService {
  return {
    name: 'Tour',
    description: null,
    photo: null,
    photoUrls: null,
    rate: 25,
    rateType: 'PER_PERSON',
    rateLabel: 'per person',
    location: null,
    notes: null,
    timeZone: 'America/New_York',
    availability: [],
    rsvpSettings: { maxParticipants: null },
    enableAddons: false,
    addons: [],
    questionnaire: { collectAllergies: false },
    showPaymentOptions: false,
    taxRate: 0,
    ...over,
  };
}

/** The public answer as it travels (`{success, data}`, photo URLs as JSON text). */
export const publicServiceWire = (over: Partial<PublicService> = {}) => ({
  success: true,
  data: z.encode(publicServiceSchema, publicService(over)),
});
