import * as z from '../zod.js';

/**
 * The customer's cancel link from a reminder on the wire (R-SET-7, docs/decisions/0233-reminder-cancel-links.md):
 * apart from ./reminder-models.ts so the reservations routes' bundle carries only these.
 */

export const cancelTokenParam = z.object({ token: z.string().check(z.singleLine(), z.minLength(1), z.maxLength(200)) });

/** What the public cancel page shows. */
export const publicCancelView = z.object({
  /** open: the confirm button; too-late: past the cut-off, contact the business; cancelled: done. */
  state: z.enum(['open', 'too-late', 'cancelled']),
  reservationNumber: z.string(),
  what: z.string(),
  /** The start and end in the business's zone, the zone named. */
  when: z.string(),
  participants: z.nullable(z.number()),
  total: z.string(),
  cancelCutoffHours: z.int(),
  /** Until when the link cancels online (ISO); null once cancelled. */
  cancelUntil: z.nullable(z.string()),
  business: z.object({
    name: z.string(),
    phone: z.nullable(z.string()),
    email: z.nullable(z.string()),
    address: z.nullable(z.string()),
  }),
});
export const publicCancelResponse = z.object({ success: z.literal(true), data: publicCancelView });
export const publicCancelDoneResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: publicCancelView,
});
