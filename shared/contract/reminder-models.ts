import * as z from '../zod.js';
import { MAX_CANCEL_CUTOFF_HOURS, MAX_REMINDER_OFFSETS, normalizeOffsets } from '../domain/reminders.js';
import { reminderOffset } from './reminder-offsets.js';

export { reminderOffset, serviceReminderOffsets } from './reminder-offsets.js';

/**
 * Reminders on the wire (R-SET-7; rules in shared/domain/reminders.ts): the tenant's
 * defaults, a service's override and the customer's cancel link. The messages are the ones a person
 * reads: the SPA's forms check with these same schemas.
 */

/** A list of offsets: at most 5, repeats dropped, earliest reminder first. */
const reminderOffsets = z.pipe(
  z.array(reminderOffset).check(z.maxLength(MAX_REMINDER_OFFSETS, `At most ${MAX_REMINDER_OFFSETS} reminders`)),
  z.transform((list: number[]) => normalizeOffsets(list)),
);

/** What the server stores and answers (already normalised). */
export const reminderSettingsView = z.object({
  enabled: z.boolean(),
  serviceBeforeMinutes: z.array(reminderOffset),
  itemBeforeMinutes: z.array(reminderOffset),
  lateReturnEnabled: z.boolean(),
  cancelCutoffHours: z.int(),
  notifyCancellations: z.boolean(),
  notifyNoShows: z.boolean(),
});

export const reminderSettingsBody = z.strictObject({
  enabled: z.boolean(),
  serviceBeforeMinutes: reminderOffsets,
  itemBeforeMinutes: reminderOffsets,
  lateReturnEnabled: z.boolean(),
  cancelCutoffHours: z
    .int('The cut-off is a whole number of hours')
    .check(
      z.gte(0, 'The cut-off cannot be negative'),
      z.lte(MAX_CANCEL_CUTOFF_HOURS, `The cut-off is at most ${MAX_CANCEL_CUTOFF_HOURS} hours (7 days)`),
    ),
  /** The business's own e-mails (R-SET-13); left out, the stored switch stays as it is. */
  notifyCancellations: z.optional(z.boolean()),
  notifyNoShows: z.optional(z.boolean()),
});

export const reminderSettingsResponse = z.object({
  success: z.literal(true),
  data: reminderSettingsView,
  message: z.optional(z.string()),
});
