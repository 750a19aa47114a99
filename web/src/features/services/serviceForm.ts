import { HOLD_MINUTES, waitlistSettingsOf } from '../../../../shared/domain/waitlist.js';
import { hasPaymentMethod, type PaymentMethods } from '../../../../shared/domain/share-payment.js';
import { normalizeSlotCount } from '../../../../shared/domain/slots.js';
import type { StaffService } from '../../../../shared/contract/responses.js';

/** A service as staff read it, its JSON-text fields decoded by the contract's codecs (api/decode.ts). */
export type ApiService = StaffService;

export interface SlotForm {
  date: string;
  startTime: string;
  endTime: string;
  /** The slot's capacity as typed (originalSlotsAvailable): what staff edit (R-SVC-12). */
  capacity: string;
  /** Places already booked when the service was read: shown next to the capacity, kept by the server. */
  taken?: number;
}
export interface TierForm {
  id?: string;
  name: string;
  rate: string;
  rateType: string;
  validFrom: string;
  validTo: string;
}
export interface AddonForm {
  id?: string;
  name: string;
  rate: string;
  rateType: string;
}

/** R-SVC-13: a ticket type as typed (price in dollars). */
export interface TicketTypeForm {
  id?: string;
  name: string;
  rate: string;
}

export interface ServiceFormState {
  name: string;
  description: string;
  location: string;
  photoBaseKey: string;
  /** What the picker shows: a local preview or the saved photo's URL. */
  photoPreview: string;
  rate: string;
  rateType: string;
  availability: SlotForm[];
  notes: string;
  paymentSettings: Required<{ [K in keyof PaymentMethods]: string }>;
  paymentNote: string;
  maxParticipants: string;
  enablePublicBookings: boolean;
  collectAllergies: boolean;
  enableTieredPricing: boolean;
  pricingTiers: TierForm[];
  enableAddons: boolean;
  addons: AddonForm[];
  ticketTypes: TicketTypeForm[];
  hosts: unknown[];
  privacySettings: Record<string, unknown>;
  reminderSettings: Record<string, unknown>;
  /** The waitlist of full slots (R-SVC-7): the switch and the hold time in minutes, as typed. */
  waitlistEnabled: boolean;
  holdMinutes: string;
  isActive: boolean;
}

export const emptySlot = (): SlotForm => ({ date: '', startTime: '', endTime: '', capacity: '1' });

export function emptyServiceForm(): ServiceFormState {
  return {
    name: '',
    description: '',
    location: '',
    photoBaseKey: '',
    photoPreview: '',
    rate: '',
    rateType: 'PER_PERSON',
    availability: [emptySlot()],
    notes: '',
    paymentSettings: { venmo: '', cashApp: '', paypal: '', zelle: '' },
    paymentNote: '',
    maxParticipants: '1',
    enablePublicBookings: true,
    collectAllergies: false,
    enableTieredPricing: false,
    pricingTiers: [],
    enableAddons: false,
    addons: [],
    ticketTypes: [],
    hosts: [],
    privacySettings: {},
    reminderSettings: {},
    waitlistEnabled: true,
    holdMinutes: String(HOLD_MINUTES.default),
    isActive: true,
  };
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export function formFromService(s: ApiService): ServiceFormState {
  const slots = s.availability;
  const pay = s.paymentSettings;
  const rsvp = s.rsvpSettings;
  return {
    name: s.name ?? '',
    description: str(s.description),
    location: str(s.location),
    photoBaseKey: str(s.photoBaseKey),
    photoPreview: s.photoUrls?.medium ?? s.photo ?? '',
    rate: str(s.rate),
    rateType: (s.rateType || 'PER_PERSON').toUpperCase(),
    availability: slots.length
      ? slots.map((x) => ({
          date: str(x.date),
          startTime: str(x.startTime),
          endTime: str(x.endTime),
          capacity: str(x.originalSlotsAvailable ?? x.slotsAvailable),
          taken: Math.max(0, (x.originalSlotsAvailable ?? x.slotsAvailable) - x.slotsAvailable),
        }))
      : [emptySlot()],
    notes: str(s.notes),
    paymentSettings: {
      venmo: str(pay.venmo),
      cashApp: str(pay.cashApp),
      paypal: str(pay.paypal),
      zelle: str(pay.zelle),
    },
    paymentNote: str(s.paymentNote),
    maxParticipants: str(rsvp.maxParticipants ?? 1),
    enablePublicBookings: rsvp.enablePublicBookings !== false,
    collectAllergies: s.questionnaire.collectAllergies,
    enableTieredPricing: s.enableTieredPricing === true,
    pricingTiers: s.pricingTiers.map((t) => ({
      id: t.id,
      name: str(t.name),
      rate: str(t.rate),
      rateType: str(t.rateType) || 'FIXED',
      validFrom: str(t.validFrom),
      validTo: str(t.validTo),
    })),
    enableAddons: s.enableAddons === true,
    addons: s.addons.map((a) => ({
      id: a.id,
      name: str(a.name),
      rate: str(a.rate),
      rateType: str(a.rateType) || 'FIXED',
    })),
    ticketTypes: (s.ticketTypes ?? []).map((t) => ({ id: t.id, name: str(t.name), rate: str(t.rate) })),
    hosts: s.hosts,
    privacySettings: s.privacySettings,
    reminderSettings: s.reminderSettings,
    waitlistEnabled: waitlistSettingsOf(s).enabled,
    holdMinutes: String(waitlistSettingsOf(s).holdMinutes),
    isActive: s.isActive !== false,
  };
}

/** What the form holds: the state without the photo preview (a display detail, not a change). */
type ServiceFormValues = Omit<ServiceFormState, 'photoPreview'>;

/** The form's values and the photo preview of a form state. */
export function splitPreview(f: ServiceFormState): { values: ServiceFormValues; photoPreview: string } {
  const { photoPreview, ...values } = f;
  return { values, photoPreview };
}

/**
 * The request body: object parts JSON-stringified, blank rate 0, slots at least 1 (R-SVC-1).
 * No `timeZone`: slots are the organization's wall-clock times, whatever zone the editor's browser runs
 * in (docs/decisions/0008-one-time-zone.md); a zone a service already carries stays, as the server keeps it.
 */
export function payloadFromForm(f: ServiceFormValues) {
  const slots = f.availability
    .filter((s) => s.date && s.startTime && s.endTime)
    .map((s) => {
      // The capacity goes as both counts (R-SVC-1); the server keeps the places already taken (R-SVC-12).
      const capacity = normalizeSlotCount(s.capacity);
      return {
        date: s.date,
        startTime: s.startTime,
        endTime: s.endTime,
        slotsAvailable: capacity,
        originalSlotsAvailable: capacity,
      };
    });
  const payment = {
    venmo: f.paymentSettings.venmo.trim(),
    cashApp: f.paymentSettings.cashApp.trim(),
    paypal: f.paymentSettings.paypal.trim(),
    zelle: f.paymentSettings.zelle.trim(),
  };
  return {
    name: f.name.trim(),
    description: f.description,
    location: f.location || null,
    photoBaseKey: f.photoBaseKey || null,
    rate: f.rate.trim() === '' ? 0 : Number(f.rate),
    rateType: f.rateType,
    availability: JSON.stringify(slots),
    showPaymentOptions: hasPaymentMethod(payment),
    notes: f.notes,
    paymentSettings: JSON.stringify(payment),
    paymentNote: f.paymentNote,
    hosts: JSON.stringify(f.hosts),
    rsvpSettings: JSON.stringify({
      maxParticipants: Number(f.maxParticipants) || 1,
      enablePublicBookings: f.enablePublicBookings,
    }),
    questionnaire: JSON.stringify({ collectAllergies: f.collectAllergies }),
    privacySettings: JSON.stringify(f.privacySettings),
    reminderSettings: JSON.stringify(f.reminderSettings),
    waitlistSettings: JSON.stringify({ enabled: f.waitlistEnabled, holdMinutes: Number(f.holdMinutes) }),
    enableTieredPricing: f.enableTieredPricing,
    pricingTiers: JSON.stringify(
      f.enableTieredPricing
        ? f.pricingTiers.map((t) => ({
            ...t,
            rate: t.rate === '' ? 0 : Number(t.rate),
            validFrom: t.validFrom || null,
            validTo: t.validTo || null,
          }))
        : [],
    ),
    enableAddons: f.enableAddons,
    addons: JSON.stringify(
      f.enableAddons
        ? f.addons
            .filter((a) => a.name.trim())
            .map((a) => ({ ...a, name: a.name.trim(), rate: a.rate === '' ? 0 : Number(a.rate) }))
        : [],
    ),
    // R-SVC-13: an untouched row is skipped; a priced row without a name is the server's to refuse.
    ticketTypes: JSON.stringify(
      f.ticketTypes
        .filter((t) => t.name.trim() || t.rate.trim())
        .map((t) => ({ ...t, name: t.name.trim(), rate: t.rate.trim() === '' ? 0 : Number(t.rate) })),
    ),
    isActive: f.isActive,
  };
}

export function slotsOf(s: ApiService) {
  return s.availability;
}
