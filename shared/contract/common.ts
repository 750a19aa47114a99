import * as z from '../zod.js';
import { EMAIL_MAX_LENGTH, EMAIL_MESSAGE, isEmail } from '../domain/email.js';
import { PERMISSION_GROUPS } from '../domain/permissions.js';
import { isRealDate, isValidTimeZone } from '../domain/time.js';

/** Schemas reused across areas. Messages are the ones the spec shows to people. */
export const idParam = z.object({ id: z.string().check(z.minLength(1), z.maxLength(128)) });
export const nonEmpty = (message: string) => z.string({ error: message }).check(z.trim(), z.minLength(1, message));
/** An e-mail address by the product's one rule (shared/domain/email.ts), trimmed. */
export const emailCheck = (message: string = EMAIL_MESSAGE) =>
  [z.maxLength(EMAIL_MAX_LENGTH, { abort: true }), z.refine<string>((v) => isEmail(v), message)] as const;
export const email = z.string().check(z.trim(), ...emailCheck());
/** 'YYYY-MM-DD' naming a real calendar day: 2030-02-31 is refused, not stored (docs/decisions/validation-rules.md). */
export const dayCheck = (message = 'Date must be a real date (YYYY-MM-DD)') => z.refine(isRealDate, message);
export const isoDate = z.string().check(dayCheck());
/** An IANA time zone this runtime knows ('Europe/Paris' yes, 'Mars/Olympus_Mons' no). */
export const timeZoneCheck = (message = 'Time zone must be an IANA zone such as America/New_York') =>
  z.refine(isValidTimeZone, message);
export const hhmm = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:MM'));
export const dateRangeQuery = z.object({
  startDate: z.optional(z.string().check(z.maxLength(40))),
  endDate: z.optional(z.string().check(z.maxLength(40))),
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

/** The largest amount of money any field takes: 1,000,000.00 (docs/decisions/hardening-hostile-input.md). */
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
/** Object-valued fields that the SPA sends as JSON strings (R-SVC-1). */
export const jsonText = z.union([
  z.string().check(z.maxLength(200_000)),
  z.record(z.string(), z.unknown()),
  z.array(z.unknown()),
]);
export const empty = z.strictObject({});

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

/**
 * The `response` of routes whose body is a file (CSV, PDF, ...), not JSON: the pipeline does not
 * check raw bodies, the client returns the text, OpenAPI publishes it as a download.
 */
export const fileResponse = z
  .string()
  .check(z.meta({ description: 'A file download (the body is the file, not JSON)', format: 'binary' }));
/** `{success: true, message?}`: what deletes and other acknowledgements answer. */
export const okResponse = z.object({ success: z.boolean(), message: z.optional(z.string()) });
/** The body of every refusal (4xx/5xx): a stable code, the message a person may see, field details on 400. */
export const errorResponse = z.looseObject({
  error: z.string(),
  message: z.string(),
  details: z.optional(z.array(z.object({ msg: z.string(), path: z.string() }))),
});
/** The `response` of server-sent-event routes: `text/event-stream` frames, not JSON (not checked by the pipeline). */
export const eventStreamResponse = z.string().check(
  z.meta({
    description: 'Server-sent events (text/event-stream): `event: {type}` and `data: {JSON payload}` frames',
  }),
);
