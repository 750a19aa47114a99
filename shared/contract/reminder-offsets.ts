import * as z from '../zod.js';
import { MAX_REMINDER_MINUTES, MAX_REMINDER_OFFSETS, MIN_REMINDER_MINUTES } from '../domain/reminders.js';

/**
 * One reminder offset and a service's list of them (R-SET-7), apart from ./reminder-models.ts so the
 * services routes' bundle carries these two schemas only.
 */
export const reminderOffset = z
  .int('A reminder offset is a whole number of minutes')
  .check(
    z.gte(MIN_REMINDER_MINUTES, 'A reminder is at least 15 minutes before the start'),
    z.lte(MAX_REMINDER_MINUTES, 'A reminder is at most 7 days before the start'),
  );

/**
 * A service's own offsets (its `reminderSettings.beforeMinutes`, JSON text like its other object
 * fields; no transform, so the JSON-text codec can encode it: repeats are dropped where it is used).
 */
export const serviceReminderOffsets = z
  .array(reminderOffset)
  .check(z.maxLength(MAX_REMINDER_OFFSETS, `At most ${MAX_REMINDER_OFFSETS} reminders`));
