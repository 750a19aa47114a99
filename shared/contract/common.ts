import { z } from 'zod';
import { PERMISSION_GROUPS } from '../domain/permissions.js';

/** Schemas reused across areas. Messages are the ones the spec shows to people. */
export const idParam = z.object({ id: z.string().min(1).max(128) });
export const nonEmpty = (message: string) => z.string({ error: message }).trim().min(1, message);
export const email = z.string().trim().max(254).email('Please enter a valid email address');
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be YYYY-MM-DD');
export const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:MM');
export const dateRangeQuery = z.object({
  startDate: z.string().max(40).optional(),
  endDate: z.string().max(40).optional(),
});
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
/** Numbers the browser may send as text ("12.50"). */
export const looseNumber = z.union([z.number(), z.string().trim().max(40).regex(/^-?\d+(\.\d+)?$/).transform(Number)]);

/** The largest amount of money any field takes: 1,000,000.00 (issue 11 point 2). */
export const MAX_MONEY = 1_000_000;
/** True when `n` has at most two decimals as typed (5e-324 and 1.005 have more). */
export const hasAtMostTwoDecimals = (n: number) => Number(n.toFixed(2)) === n;
/** Money in dollars as people type it: 0 to 1,000,000.00 in steps of 0.01; a number or numeric text. */
export const amount = (label = 'Amount') =>
  looseNumber.pipe(
    z.number().min(0, `${label} must be 0 or more`).max(MAX_MONEY, `${label} must be at most 1,000,000.00`)
      .refine(hasAtMostTwoDecimals, `${label} must be in steps of 0.01`),
  );
/** Object-valued fields that the SPA sends as JSON strings (document 2 §3). */
export const jsonText = z.union([z.string().max(200_000), z.record(z.string(), z.unknown()), z.array(z.unknown())]);
export const empty = z.object({}).strict();

/** A policy as the Users & Permissions screen sends it: role → group → permission → granted. */
const groupSchema = z.object(
  Object.fromEntries(Object.entries(PERMISSION_GROUPS).map(([g, names]) => [g, z.object(Object.fromEntries(names.map((n) => [n, z.boolean()]))).partial().strict()])),
).partial().strict();
export const PERMISSION_POLICY = z.object({ EMPLOYEE: groupSchema.optional(), MANAGER: groupSchema.optional() }).strict();

/**
 * The `response` of routes whose body is a file (CSV, PDF, ...), not JSON: the pipeline does not
 * check raw bodies, the client returns the text, OpenAPI publishes it as a download.
 */
export const fileResponse = z.string().meta({ description: 'A file download (the body is the file, not JSON)', format: 'binary' });
/** `{success: true, message?}`: what deletes and other acknowledgements answer. */
export const okResponse = z.object({ success: z.boolean(), message: z.string().optional() });
/** The body of every refusal (4xx/5xx): a stable code, the message a person may see, field details on 400. */
export const errorResponse = z.looseObject({
  error: z.string(),
  message: z.string(),
  details: z.array(z.object({ msg: z.string(), path: z.string() })).optional(),
});
/** The `response` of server-sent-event routes: `text/event-stream` frames, not JSON (not checked by the pipeline). */
export const eventStreamResponse = z.string().meta({ description: 'Server-sent events (text/event-stream): `event: {type}` and `data: {JSON payload}` frames' });
