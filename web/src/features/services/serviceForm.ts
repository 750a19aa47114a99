import { hasPaymentMethod, type PaymentMethods } from '../../../../shared/domain/share-payment.js';
import { normalizeSlotCount } from '../../../../shared/domain/slots.js';

/** A service as the API answers it: object-valued fields are JSON text (document 2 §3). */
export interface ApiService {
  id: string;
  name: string;
  description?: string | null;
  location?: string | null;
  photo?: string | null;
  photoUrls?: string | null;
  photoBaseKey?: string | null;
  rate: number;
  rateType: string;
  availability?: string | unknown[] | null;
  showPaymentOptions?: boolean;
  notes?: string | null;
  paymentSettings?: string | null;
  paymentNote?: string | null;
  hosts?: string | null;
  rsvpSettings?: string | null;
  questionnaire?: string | null;
  privacySettings?: string | null;
  reminderSettings?: string | null;
  enableTieredPricing?: boolean;
  pricingTiers?: string | null;
  enableAddons?: boolean;
  addons?: string | null;
  shareToken?: string | null;
  isActive?: boolean;
  timeZone?: string | null;
}

/** Parsed on load with an empty default when parsing fails, silently (document 2 §3). */
export function parseJson<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined || value === '') return fallback;
  if (typeof value !== 'string') return value as T;
  try {
    const v = JSON.parse(value) as unknown;
    return (v ?? fallback) as T;
  } catch {
    return fallback;
  }
}

export interface SlotForm {
  date: string;
  startTime: string;
  endTime: string;
  slotsAvailable: string;
  originalSlotsAvailable?: number;
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
  hosts: unknown[];
  privacySettings: Record<string, unknown>;
  reminderSettings: Record<string, unknown>;
  isActive: boolean;
}

export const emptySlot = (): SlotForm => ({ date: '', startTime: '', endTime: '', slotsAvailable: '1' });

export function emptyServiceForm(): ServiceFormState {
  return {
    name: '', description: '', location: '', photoBaseKey: '', photoPreview: '', rate: '', rateType: 'PER_PERSON',
    availability: [emptySlot()], notes: '', paymentSettings: { venmo: '', cashApp: '', paypal: '', zelle: '' }, paymentNote: '',
    maxParticipants: '1', enablePublicBookings: true, collectAllergies: false,
    enableTieredPricing: false, pricingTiers: [], enableAddons: false, addons: [],
    hosts: [], privacySettings: {}, reminderSettings: {}, isActive: true,
  };
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export function formFromService(s: ApiService): ServiceFormState {
  const slots = parseJson<{ date?: string; startTime?: string; endTime?: string; slotsAvailable?: number; originalSlotsAvailable?: number }[]>(s.availability, []);
  const pay = parseJson<PaymentMethods>(s.paymentSettings, {});
  const rsvp = parseJson<{ maxParticipants?: number; enablePublicBookings?: boolean }>(s.rsvpSettings, {});
  const q = parseJson<{ collectAllergies?: boolean }>(s.questionnaire, {});
  const urls = parseJson<{ medium?: string; large?: string }>(s.photoUrls, {});
  return {
    name: s.name ?? '',
    description: str(s.description),
    location: str(s.location),
    photoBaseKey: str(s.photoBaseKey),
    photoPreview: urls.medium ?? s.photo ?? '',
    rate: str(s.rate),
    rateType: (s.rateType || 'PER_PERSON').toUpperCase(),
    availability: Array.isArray(slots) && slots.length
      ? slots.map((x) => ({ date: str(x.date), startTime: str(x.startTime), endTime: str(x.endTime), slotsAvailable: str(x.slotsAvailable ?? 1), originalSlotsAvailable: x.originalSlotsAvailable }))
      : [emptySlot()],
    notes: str(s.notes),
    paymentSettings: { venmo: str(pay.venmo), cashApp: str(pay.cashApp), paypal: str(pay.paypal), zelle: str(pay.zelle) },
    paymentNote: str(s.paymentNote),
    maxParticipants: str(rsvp.maxParticipants ?? 1),
    enablePublicBookings: rsvp.enablePublicBookings !== false,
    collectAllergies: q.collectAllergies === true,
    enableTieredPricing: s.enableTieredPricing === true,
    pricingTiers: parseJson<TierForm[]>(s.pricingTiers, []).map((t) => ({ id: t.id, name: str(t.name), rate: str(t.rate), rateType: str(t.rateType) || 'FIXED', validFrom: str(t.validFrom), validTo: str(t.validTo) })),
    enableAddons: s.enableAddons === true,
    addons: parseJson<AddonForm[]>(s.addons, []).map((a) => ({ id: a.id, name: str(a.name), rate: str(a.rate), rateType: str(a.rateType) || 'FIXED' })),
    hosts: parseJson<unknown[]>(s.hosts, []),
    privacySettings: parseJson<Record<string, unknown>>(s.privacySettings, {}),
    reminderSettings: parseJson<Record<string, unknown>>(s.reminderSettings, {}),
    isActive: s.isActive !== false,
  };
}

export type FormErrors = Partial<Record<'name' | 'rate' | 'rateType' | 'maxParticipants' | 'availability', string>>;

/** Document 2 §5, before anything is sent. */
export function validateServiceForm(f: ServiceFormState): FormErrors {
  const e: FormErrors = {};
  if (!f.name.trim()) e.name = 'Name is required';
  if (f.rate.trim() !== '') {
    const n = Number(f.rate);
    if (!Number.isFinite(n)) e.rate = 'Rate must be a number';
    else if (n < 0) e.rate = 'Rate must be 0 or more';
    else if (Math.abs(n * 100 - Math.round(n * 100)) > 1e-6) e.rate = 'Rate must be in steps of 0.01';
  }
  if (!f.rateType) e.rateType = 'Rate type is required';
  const max = Number(f.maxParticipants);
  if (!Number.isInteger(max) || max < 1 || max > 100) e.maxParticipants = 'Max participants must be between 1 and 100';
  if (f.availability.some((s) => (s.date || s.startTime || s.endTime) && !(s.date && s.startTime && s.endTime))) e.availability = 'Each time slot needs a date, a start and an end time';
  return e;
}

/** The request body: object parts JSON-stringified, blank rate 0, slots at least 1 (document 2 §7). */
export function payloadFromForm(f: ServiceFormState, timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone) {
  const slots = f.availability
    .filter((s) => s.date && s.startTime && s.endTime)
    .map((s) => {
      const n = normalizeSlotCount(s.slotsAvailable);
      return { date: s.date, startTime: s.startTime, endTime: s.endTime, slotsAvailable: n, originalSlotsAvailable: s.originalSlotsAvailable ?? n };
    });
  const payment = {
    venmo: f.paymentSettings.venmo.trim(), cashApp: f.paymentSettings.cashApp.trim(),
    paypal: f.paymentSettings.paypal.trim(), zelle: f.paymentSettings.zelle.trim(),
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
    rsvpSettings: JSON.stringify({ maxParticipants: Number(f.maxParticipants) || 1, enablePublicBookings: f.enablePublicBookings }),
    questionnaire: JSON.stringify({ collectAllergies: f.collectAllergies }),
    privacySettings: JSON.stringify(f.privacySettings),
    reminderSettings: JSON.stringify(f.reminderSettings),
    enableTieredPricing: f.enableTieredPricing,
    pricingTiers: JSON.stringify(f.enableTieredPricing ? f.pricingTiers.map((t) => ({ ...t, rate: t.rate === '' ? 0 : Number(t.rate), validFrom: t.validFrom || null, validTo: t.validTo || null })) : []),
    enableAddons: f.enableAddons,
    addons: JSON.stringify(f.enableAddons ? f.addons.filter((a) => a.name.trim()).map((a) => ({ ...a, name: a.name.trim(), rate: a.rate === '' ? 0 : Number(a.rate) })) : []),
    isActive: f.isActive,
    timeZone,
  };
}

/** The snapshot the unsaved-changes check compares against (preview URLs excluded: they change per read). */
export const formSnapshot = (f: ServiceFormState) => JSON.stringify({ ...f, photoPreview: undefined });

export function slotsOf(s: ApiService) {
  return parseJson<{ date: string; startTime: string; endTime: string; slotsAvailable: number }[]>(s.availability, []);
}
