import * as z from '../zod.js';
import { EMAIL_MAX_LENGTH, EMAIL_MESSAGE, isEmail } from '../domain/email.js';
import { PERMISSION_GROUPS } from '../domain/permissions.js';
import { isRealDate, isValidTimeZone } from '../domain/time.js';

/** Schemas reused across areas. Messages are the ones the spec shows to people. */
export const idParam = z.object({ id: z.string().check(z.minLength(1), z.maxLength(128), z.singleLine()) });
export const nonEmpty = (message: string) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.singleLine());
/** An e-mail address by the product's one rule (shared/domain/email.ts), trimmed. */
export const emailCheck = (message: string = EMAIL_MESSAGE) =>
  [
    z.maxLength(EMAIL_MAX_LENGTH, { abort: true }),
    z.refine<string>((v) => isEmail(v), message),
    z.meta({ format: 'email' }), // the OpenAPI document says what the refinement checks
  ] as const;
export const email = z.string().check(z.trim(), ...emailCheck());
/** The shape of a day, published in the OpenAPI document as the field's `pattern` (months 01-12, days 01-31). */
const DAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/**
 * 'YYYY-MM-DD' naming a real calendar day: 2030-02-31 is refused, not stored (docs/decisions/0011-validation-rules.md).
 * The pattern comes first (one message, not two) so the OpenAPI document says the shape; `format: date`
 * says the rest (a real day), which JSON Schema cannot (docs/decisions/0239-openapi-a-document-a-client-can-trust.md).
 * Spread it: `.check(...dayCheck())`.
 */
export const dayCheck = (message = 'Date must be a real date (YYYY-MM-DD)') =>
  [
    z.regex(DAY_PATTERN, { error: message, abort: true }),
    z.refine<string>(isRealDate, message),
    z.meta({ format: 'date' }),
  ] as const;
/** An IANA time zone this runtime knows ('Europe/Paris' yes, 'Mars/Olympus_Mons' no). */
export const timeZoneCheck = (message = 'Time zone must be an IANA zone such as America/New_York') =>
  z.refine(isValidTimeZone, message);
/**
 * A report's day in a query: 'YYYY-MM-DD', or an ISO date-time whose day part is taken
 * (functions/reports/report-range.ts parseDay); required, since every report is of a period.
 */
const REPORT_DAY_PATTERN = /^\s*\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?\s*$/;
export const reportDay = (required: string) =>
  z.string({ error: required }).check(
    z.minLength(1, { error: required, abort: true }),
    z.maxLength(40, { abort: true }),
    z.regex(REPORT_DAY_PATTERN, { error: 'Invalid date format', abort: true }),
    z.refine<string>((v) => isRealDate(v.trim().slice(0, 10)), 'Invalid date format'),
    z.meta({ format: 'date', description: 'A real calendar day, YYYY-MM-DD (an ISO date-time is read as its day)' }),
  );
/**
 * A page cursor: opaque base64url text, the `nextCursor` of the previous page. Its shape is checked
 * here; what it decodes to is the area's business (a foreign or stale cursor answers 400 'Invalid cursor').
 */
export const cursorParam = (max: number) =>
  z
    .string()
    .check(
      z.maxLength(max),
      z.regex(/^[A-Za-z0-9_-]*$/, 'Invalid cursor'),
      z.meta({ description: "Opaque: the previous page's nextCursor" }),
    );
/** An optional day filter: empty, or a real 'YYYY-MM-DD' day. */
export const optionalDay = (message: string) =>
  z.string().check(
    z.maxLength(10),
    z.refine((v) => v === '' || isRealDate(v), message),
    z.meta({ anyOf: [{ const: '' }, { pattern: DAY_PATTERN.source, format: 'date' }] }),
  );
export const dateRangeQuery = z.object({
  startDate: reportDay('Both startDate and endDate are required'),
  endDate: reportDay('Both startDate and endDate are required'),
});
export const pageQuery = z.object({
  page: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100000))),
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(200))),
});
/** Numbers the browser may send as text ("12.50"). */
export const looseNumber = z.union([
  z.number(),
  z.pipe(z.string().check(z.trim(), z.maxLength(40), z.regex(/^-?\d+(\.\d+)?$/)), z.transform(Number)),
]);

/** The largest amount of money any field takes: 1,000,000.00 (docs/decisions/0156-hardening-hostile-input.md). */
export const MAX_MONEY = 1_000_000;
/** True when `n` has at most two decimals as typed (5e-324 and 1.005 have more). */
export const hasAtMostTwoDecimals = (n: number) => Number(n.toFixed(2)) === n;
/** Money in dollars as people type it: 0 to 1,000,000.00 in steps of 0.01; a number or numeric text. */
export const amount = (label = 'Amount') =>
  z.pipe(
    looseNumber,
    z
      .number()
      .check(
        z.gte(0, `${label} must be 0 or more`),
        z.lte(MAX_MONEY, `${label} must be at most 1,000,000.00`),
        z.refine(hasAtMostTwoDecimals, `${label} must be in steps of 0.01`),
      ),
  );

/** A policy as the Users & Permissions screen sends it: role → group → permission → granted. */
const groupSchema = z.strictObject(
  z.partial(
    z.object(
      Object.fromEntries(
        Object.entries(PERMISSION_GROUPS).map(([g, names]) => [
          g,
          z.strictObject(z.partial(z.object(Object.fromEntries(names.map((n) => [n, z.boolean()])))).shape),
        ]),
      ),
    ),
  ).shape,
);
export const PERMISSION_POLICY = z.strictObject({
  EMPLOYEE: z.optional(groupSchema),
  MANAGER: z.optional(groupSchema),
});
/** `{success: true, message?}`: what deletes and other acknowledgements answer. */
export const okResponse = z.object({ success: z.boolean(), message: z.optional(z.string()) });
/** The `response` of server-sent-event routes: `text/event-stream` frames, not JSON (not checked by the pipeline). */
export const eventStreamResponse = z.string().check(
  z.meta({
    description: 'Server-sent events (text/event-stream): `event: {type}` and `data: {JSON payload}` frames',
  }),
);
