import useSWR from 'swr';
import type { z } from 'zod';
import type { reminderSettingsBody, reminderSettingsView } from '../../../../../shared/contract/reminder-models.js';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { useMutationAction } from '../../../api/mutation.js';

/** The tenant's reminder defaults (R-SET-7). */
const REMINDERS = 'settings.reminders';
export type ReminderDefaults = z.output<typeof reminderSettingsView>;
type ReminderDefaultsForm = z.input<typeof reminderSettingsBody>;

export function useReminderSettings() {
  return useSWR(apiKey(REMINDERS), () => api('settings.getReminders').then((r) => r.data), {
    revalidateOnFocus: false,
  });
}

export function useSaveReminderSettings() {
  return useMutationAction(
    (body: ReminderDefaultsForm) => api('settings.updateReminders', { body }).then((r) => r.data),
    { success: 'Reminder settings saved', failure: 'Failed to save reminder settings', revalidate: [REMINDERS] },
  );
}
