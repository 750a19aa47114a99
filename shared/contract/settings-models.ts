import * as z from '../zod.js';
import {
  DAY_TYPE_LABELS,
  DAY_TYPES,
  DEFAULT_HOURS,
  PERMISSION_CHANGE_NOTE,
  type DayType,
  type HoursRow,
} from '../domain/settings.js';
import { isEmail } from '../domain/email.js';
import { percentToThousandths, thousandthsToPercent } from '../domain/money.js';
import { dayCheck, PERMISSION_POLICY } from './common.js';

/**
 * Store settings on the wire (R-SET-5, R-SET-4, R-SET-1 Settings). The messages here are the ones a
 * person reads: the SPA's forms use these same schemas through the zod resolver.
 */

// ---------- Contact ----------
const PHONE = /^\+?[0-9 ().-]{7,25}$/;
const phoneDigits = (v: string) => v.replace(/\D/g, '').length;
const CONTACT_MESSAGES = {
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
} as const;

const text = (max: number, label: string) =>
  z.string().check(z.trim(), z.singleLine(), z.maxLength(max, `${label} must be at most ${max} characters`));
export const contactFields = z.object({
  storeName: text(200, 'Store name'),
  streetAddress: text(300, 'Street address'),
  city: text(120, 'City'),
  zipCode: text(20, 'ZIP code').check(
    z.regex(/^[A-Za-z0-9 -]*$/, 'ZIP code may contain only letters, digits, spaces and dashes'),
  ),
  emailAddress: text(254, 'Email address').check(
    z.refine((v) => v === '' || isEmail(v), CONTACT_MESSAGES.email),
    z.meta({ anyOf: [{ const: '' }, { format: 'email' }] }), // what the refinement checks, for the OpenAPI document
  ),
  phoneNumber: text(40, 'Phone number').check(
    z.refine((v) => v === '' || (PHONE.test(v) && phoneDigits(v) >= 7 && phoneDigits(v) <= 15), CONTACT_MESSAGES.phone),
    // The same rule as one pattern (7-25 characters, 7-15 of them digits), for the OpenAPI document.
    z.meta({ pattern: '^$|^(?=\\+?[0-9 ().-]{7,25}$)\\+?[ ().-]*(?:\\d[ ().-]*){7,15}$' }),
  ),
});
export type ContactSettings = z.output<typeof contactFields>;
/** PUT body: the six fields (R-SET-1); an omitted field is saved empty. */
export const contactBody = z.strictObject({
  storeName: z._default(contactFields.shape.storeName, ''),
  streetAddress: z._default(contactFields.shape.streetAddress, ''),
  city: z._default(contactFields.shape.city, ''),
  zipCode: z._default(contactFields.shape.zipCode, ''),
  emailAddress: z._default(contactFields.shape.emailAddress, ''),
  phoneNumber: z._default(contactFields.shape.phoneNumber, ''),
});
export const contactResponse = z.object({
  success: z.literal(true),
  data: contactFields,
  message: z.optional(z.string()),
});

// ---------- Opening hours ----------
// The day options, their labels, the row shape and the default row are zod-free in shared/domain/settings.ts.
export { DAY_TYPE_LABELS, DAY_TYPES, DEFAULT_HOURS, type DayType, type HoursRow };
const HOURS_MESSAGES = {
  step: 'Times must be on a 15-minute step (HH:MM)',
  bothTimes: 'Opening and closing times are required unless the day is closed',
  order: 'Closing time must be after opening time',
  closedNoTimes: 'A closed day has no opening or closing time',
  atLeastOne: 'At least one opening hours row is required',
  dayType: 'Choose Every day, Weekdays, Weekends or a day of the week',
  date: 'Special hours need a date (YYYY-MM-DD)',
  duplicateDate: 'Only one special hours row per date',
  specialJson: 'Special hours must be a list of dated rows',
} as const;

/** HH:MM on a quarter hour, 00:00-23:45. */
const quarterHour = z.string().check(z.regex(/^([01]\d|2[0-3]):(00|15|30|45)$/, HOURS_MESSAGES.step));
const optionalTime = z.optional(z.union([quarterHour, z.literal(''), z.null()]));
const rowId = z.optional(
  z.union([z.string().check(z.trim(), z.minLength(1), z.maxLength(64), z.singleLine()), z.number().check(z.int())]),
);

type TimedRow = { openTime?: string | null; closeTime?: string | null; isClosed: boolean };
function checkTimes(row: TimedRow, ctx: z.core.$RefinementCtx) {
  const open = row.openTime || '';
  const close = row.closeTime || '';
  if (row.isClosed) {
    if (open || close) ctx.addIssue({ code: 'custom', message: HOURS_MESSAGES.closedNoTimes, path: ['isClosed'] });
    return;
  }
  if (!open) ctx.addIssue({ code: 'custom', message: HOURS_MESSAGES.bothTimes, path: ['openTime'] });
  if (!close) ctx.addIssue({ code: 'custom', message: HOURS_MESSAGES.bothTimes, path: ['closeTime'] });
  if (open && close && close <= open)
    ctx.addIssue({ code: 'custom', message: HOURS_MESSAGES.order, path: ['closeTime'] });
}

/** checkTimes for the OpenAPI document: a closed day has no times, an open one both (their order is said in words). */
const TIMES_RULE = {
  if: { properties: { isClosed: { const: true } }, required: ['isClosed'] },
  then: { properties: { openTime: { enum: ['', null] }, closeTime: { enum: ['', null] } } },
  else: {
    required: ['openTime', 'closeTime'],
    properties: { openTime: { type: 'string', minLength: 1 }, closeTime: { type: 'string', minLength: 1 } },
  },
  description: 'Closing time must be after opening time',
};
const hoursRowSchema = z
  .strictObject(
    z.object({
      id: rowId,
      dayType: z.enum(DAY_TYPES, { error: HOURS_MESSAGES.dayType }),
      openTime: optionalTime,
      closeTime: optionalTime,
      isClosed: z.boolean(),
    }).shape,
  )
  .check(z.superRefine(checkTimes), z.meta(TIMES_RULE));

const specialHoursRowSchema = z
  .strictObject(
    z.object({
      id: rowId,
      date: z.string({ error: HOURS_MESSAGES.date }).check(...dayCheck(HOURS_MESSAGES.date)),
      openTime: optionalTime,
      closeTime: optionalTime,
      isClosed: z.boolean(),
    }).shape,
  )
  .check(z.superRefine(checkTimes), z.meta(TIMES_RULE));

const specialList = z.array(specialHoursRowSchema, { error: HOURS_MESSAGES.specialJson }).check(
  z.maxLength(366, 'At most 366 special hours rows'),
  z.superRefine((rows, ctx) => {
    const seen = new Set<string>();
    rows.forEach((r, i) => {
      if (seen.has(r.date)) ctx.addIssue({ code: 'custom', message: HOURS_MESSAGES.duplicateDate, path: [i, 'date'] });
      seen.add(r.date);
    });
  }),
);

function fromJsonText(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  if (v.length > 100_000) return v;
  if (v.trim() === '') return [];
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
}
/** Special hours arrive as a list or, as the original client sends them, a JSON string of one. */
const specialHoursInput = z.pipe(z.transform(fromJsonText), specialList);

export const hoursBody = z.strictObject(
  z.object({
    hours: z
      .array(hoursRowSchema, { error: HOURS_MESSAGES.atLeastOne })
      .check(z.minLength(1, HOURS_MESSAGES.atLeastOne), z.maxLength(20, 'At most 20 opening hours rows')),
    specialHours: z.optional(specialHoursInput),
  }).shape,
);

export interface SpecialHoursRow extends Omit<HoursRow, 'dayType'> {
  date: string;
}
const storedRow = z.object({
  id: z.string(),
  dayType: z.enum(DAY_TYPES),
  openTime: z.string(),
  closeTime: z.string(),
  isClosed: z.boolean(),
});
/** GET answer: `hours` (array) and `special_hours` (a JSON string, R-SET-3). */
export const hoursResponse = z.object({
  success: z.literal(true),
  hours: z.array(storedRow),
  special_hours: z.string(),
  message: z.optional(z.string()),
});

// ---------- Tax ----------
export const TAX_MESSAGES = {
  required: 'Please enter a tax rate when tax is enabled',
  range: 'Tax rate must be between 0.00 and 99.99',
  decimals: 'Up to 3 decimals, e.g. 8.875',
} as const;
/**
 * Up to 2 digits, an optional decimal part of up to 3 places (R-SET-4; New York City's 8.875 %,
 * docs/decisions/0255-tax-rate-three-decimals.md).
 */
const TAX_TEXT = /^\d{1,2}(\.\d{0,3})?$/;
/** A rate in the right shape but with 4 or more decimals: told so, not that it is out of range. */
const TAX_TOO_PRECISE = /^\d{1,2}\.\d{4,}$/;
/**
 * The rate as a percent number with at most 3 decimals (the nearest double to the decimal, so 8.875 stays
 * 8.875), null when blank, 'invalid' when out of 0.00-99.99 or not a number, 'decimals' with 4 or more decimals.
 */
export function parseTaxRate(v: unknown): number | null | 'invalid' | 'decimals' {
  if (v === null || v === undefined || v === '') return null;
  const s = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : 'x') : typeof v === 'string' ? v.trim() : 'x';
  if (s === '') return null;
  if (TAX_TOO_PRECISE.test(s)) return 'decimals';
  if (!TAX_TEXT.test(s)) return 'invalid';
  const n = Number(s);
  return n >= 0 && n <= 99.99 ? thousandthsToPercent(percentToThousandths(n)) : 'invalid';
}
export const taxBody = z.pipe(
  z
    .strictObject(
      z.object({
        enabled: z.boolean({ error: 'enabled must be true or false' }),
        // The bounds parseTaxRate enforces, stated for the OpenAPI document (the messages stay TAX_MESSAGES').
        rate: z.optional(
          z.union([
            z.number().check(z.meta({ minimum: 0, maximum: 99.99 })),
            z
              .string()
              .check(z.maxLength(20), z.singleLine(), z.meta({ pattern: '^\\s*(\\d{1,2}(\\.\\d{0,3})?)?\\s*$' })),
            z.null(),
          ]),
        ),
      }).shape,
    )
    .check(
      // For the OpenAPI document: with tax enabled, a rate is required (text must hold a digit).
      z.meta({
        if: { properties: { enabled: { const: true } }, required: ['enabled'] },
        then: {
          required: ['rate'],
          properties: { rate: { anyOf: [{ type: 'number' }, { type: 'string', pattern: '\\d' }] } },
        },
      }),
      z.superRefine((b, ctx) => {
        const r = parseTaxRate(b.rate);
        if (r === 'invalid') ctx.addIssue({ code: 'custom', message: TAX_MESSAGES.range, path: ['rate'] });
        else if (r === 'decimals') ctx.addIssue({ code: 'custom', message: TAX_MESSAGES.decimals, path: ['rate'] });
        else if (r === null && b.enabled)
          ctx.addIssue({ code: 'custom', message: TAX_MESSAGES.required, path: ['rate'] });
      }),
    ),
  z.transform((b) => {
    const r = parseTaxRate(b.rate);
    return { enabled: b.enabled, rate: typeof r === 'number' ? r : 0 };
  }),
);
const taxSettingsSchema = z.object({ rate: z.number(), enabled: z.boolean() });
export const taxResponse = z.object({
  success: z.literal(true),
  data: taxSettingsSchema,
  message: z.optional(z.string()),
});

// ---------- Permissions ----------
export { PERMISSION_CHANGE_NOTE };
export const permissionsBody = z.strictObject({
  policy: PERMISSION_POLICY,
  changeNote: z.optional(z.string().check(z.trim(), z.singleLine(), z.maxLength(500))),
});
const completeGroup = z.record(z.string(), z.record(z.string(), z.boolean()));
const completePolicySchema = z.object({ EMPLOYEE: completeGroup, MANAGER: completeGroup });
const permissionChangeSchema = z.object({
  role: z.enum(['EMPLOYEE', 'MANAGER']),
  permission: z.string(),
  granted: z.boolean(),
});
const permissionLogEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  actorId: z.nullable(z.string()),
  actorName: z.nullable(z.string()),
  changeNote: z.string(),
  changes: z.array(permissionChangeSchema),
});
export const permissionsResponse = z.object({
  success: z.literal(true),
  policy: completePolicySchema,
  updatedAt: z.nullable(z.string()),
});
export const permissionsSaveResponse = z.extend(permissionsResponse, {
  message: z.string(),
  log: z.nullable(permissionLogEntrySchema),
});
// Unlisted query parameters are ignored on every route (the OpenAPI document's info says so).
export const permissionLogsQuery = z.object({
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(200))),
});
export const permissionLogsResponse = z.object({ success: z.literal(true), logs: z.array(permissionLogEntrySchema) });
export const myPermissionsResponse = z.object({
  role: z.string(),
  policyRole: z.nullable(z.enum(['EMPLOYEE', 'MANAGER'])),
  permissions: z.record(z.string(), z.boolean()),
});
export const taxRateResponse = z.number();
