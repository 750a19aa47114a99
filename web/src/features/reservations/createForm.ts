/**
 * The create dialog's form (R-RES-2 "Create reservation"): the customer fields are the
 * contract's own schemas (one message each, shared with the server); the rest is what the dialog
 * asks for, turned into the contract's item or service body on submit.
 */
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import {
  reservationCustomerInput,
  type ItemReservationInput,
  type ServiceReservationInput,
} from '../../../../shared/contract/reservation-request-models.js';
import {
  FIRST_START_TIME,
  LAST_START_TIME,
  MAX_RENTAL_HOURS,
  startTimeError,
  startWindowDays,
} from '../../../../shared/domain/reservations.js';
import { localDateTimeOf, zonedDateTime } from '../../../../shared/domain/time.js';
import { clampParticipants } from '../../../../shared/domain/party.js';
import { DEFAULT_ITEM_DURATION, DURATION_UNITS, TEXT } from './rules.js';

const c = reservationCustomerInput.shape;
const LOCAL_RE = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/;

/** Earliest and latest start a staff booking may take: today 09:00 and about a year ahead, in the zone. */
export function startBounds(zone: string, now: number = Date.now()) {
  const { firstDay, lastDay } = startWindowDays(zone, now);
  return { min: `${firstDay}T${FIRST_START_TIME}`, max: `${lastDay}T${LAST_START_TIME}` };
}

/** A datetime-local value ('YYYY-MM-DDTHH:MM', wall clock in the zone) as an instant, or null. */
export function localToInstant(local: string, zone: string): Date | null {
  const m = LOCAL_RE.exec(local);
  if (!m) return null;
  try {
    return zonedDateTime(m[1]!, m[2]!, zone);
  } catch {
    return null;
  }
}

/** The default start: today 09:00, or the next quarter hour when that has passed. */
function defaultStart(zone: string, now: number = Date.now()): string {
  const { min } = startBounds(zone, now);
  const minAt = localToInstant(min, zone)!.getTime();
  if (now < minAt) return min;
  const next = Math.ceil((now + 60_000) / 900_000) * 900_000;
  return localDateTimeOf(next, zone);
}

/** R-RES-15: the rental's length in hours (whole hours or days, up to 30 days), or null when out of range. */
export function rentalHoursOf(v: Pick<CreateFormValues, 'duration' | 'durationUnit'>): number | null {
  const n = Number(v.duration);
  const hours = n * DURATION_UNITS[v.durationUnit];
  return v.duration.trim() && Number.isInteger(n) && hours >= 1 && hours <= MAX_RENTAL_HOURS ? hours : null;
}

export function createFormSchema(zone: string, now: () => number = Date.now) {
  return z
    .object({
      mode: z.enum(['item', 'service']),
      firstName: c.firstName,
      lastName: c.lastName,
      phone: c.phone,
      email: z.string().trim().max(254).email('Please enter a valid email address').or(z.literal('')),
      address: z.string().trim().max(500),
      inventoryItemId: z.string(),
      serviceId: z.string(),
      slot: z.string(),
      participants: z.string(),
      addons: z.array(z.string()),
      allergies: z.string().max(2000),
      startLocal: z.string(),
      duration: z.string(),
      durationUnit: z.enum(['hours', 'days']),
      /** R-RES-15, beyond the spec: every started day at the daily rate. */
      perDay: z.boolean(),
      depositAmount: z
        .string()
        .trim()
        .min(1, 'Deposit amount is required')
        .regex(/^\d+(\.\d{1,2})?$/, 'Deposit amount must be a number of 0 or more with at most 2 decimals'),
      depositCash: z.boolean(),
      depositCredit: z.boolean(),
      paymentId: z.string().trim().max(200),
      notes: z.string().max(5000),
    })
    .superRefine((v, ctx) => {
      if (v.mode === 'service') {
        if (!v.serviceId) ctx.addIssue({ code: 'custom', path: ['serviceId'], message: TEXT.selectService });
        else if (!v.slot) ctx.addIssue({ code: 'custom', path: ['slot'], message: TEXT.selectSlot });
        return;
      }
      if (rentalHoursOf(v) === null) ctx.addIssue({ code: 'custom', path: ['duration'], message: TEXT.durationRange });
      if (!v.inventoryItemId)
        ctx.addIssue({ code: 'custom', path: ['inventoryItemId'], message: TEXT.selectItemOrService });
      const at = localToInstant(v.startLocal, zone);
      const startError = at ? startTimeError(at.getTime(), zone, now()) : 'Start time is required';
      if (startError) ctx.addIssue({ code: 'custom', path: ['startLocal'], message: startError });
    });
}

export type CreateFormSchema = ReturnType<typeof createFormSchema>;
export type CreateFormValues = z.input<CreateFormSchema>;
/** The form as the dialog's sections get it. */
export type CreateForm = UseFormReturn<CreateFormValues, unknown, z.output<CreateFormSchema>>;

export function emptyCreateForm(mode: 'item' | 'service', zone: string, now: number = Date.now()): CreateFormValues {
  return {
    mode,
    firstName: '',
    lastName: '',
    phone: '',
    email: '',
    address: '',
    inventoryItemId: '',
    serviceId: '',
    slot: '',
    participants: '1',
    addons: [],
    allergies: '',
    startLocal: defaultStart(zone, now),
    duration: String(DEFAULT_ITEM_DURATION),
    durationUnit: 'hours',
    perDay: false,
    depositAmount: '0',
    depositCash: false,
    depositCredit: false,
    paymentId: '',
    notes: '',
  };
}

function customerOf(v: z.output<CreateFormSchema>): ItemReservationInput['customer'] {
  return {
    firstName: v.firstName,
    lastName: v.lastName,
    phone: v.phone,
    address: v.address || undefined,
    // R-RES-2: e-mail sent only if non-blank.
    ...(v.email.trim() ? { email: v.email.trim() } : {}),
  };
}

const deposit = (v: z.output<CreateFormSchema>) => ({
  depositAmount: Number(v.depositAmount),
  depositType: { cash: v.depositCash, credit: v.depositCredit },
  paymentId: v.paymentId || null,
  notes: v.notes.trim() || null,
});

export function itemBody(v: z.output<CreateFormSchema>, zone: string): ItemReservationInput {
  return {
    customer: customerOf(v),
    reservation: {
      startTime: localToInstant(v.startLocal, zone)!.toISOString(),
      reservationDuration: rentalHoursOf(v)!,
      ...(v.perDay && v.durationUnit === 'days' ? { pricing: 'daily' as const } : {}),
      inventoryItemId: v.inventoryItemId,
      ...deposit(v),
    },
  };
}

export function serviceBody(
  v: z.output<CreateFormSchema>,
  opts: { perPerson: boolean; maxPeople?: number; addons?: readonly { id?: string; name: string }[] },
): ServiceReservationInput {
  const [date, startTime, endTime] = v.slot.split('|') as [string, string, string];
  // R-INV-5: the count is clamped to what the slot and the service allow.
  const people = clampParticipants(v.participants, opts.maxPeople ?? Number.POSITIVE_INFINITY);
  return {
    customer: customerOf(v),
    reservation: {
      serviceId: v.serviceId,
      availabilitySlots: [{ date, startTime, endTime }],
      ...(opts.perPerson ? { participantCount: people } : {}),
      ...(v.addons.length
        ? {
            selectedAddons: (opts.addons ?? [])
              .filter((a) => v.addons.includes(a.name))
              .map((a) => (a.id ? { id: a.id, name: a.name } : { name: a.name })),
          }
        : {}),
      ...(v.allergies.trim() ? { allergies: v.allergies.trim() } : {}),
      ...deposit(v),
    },
  };
}
