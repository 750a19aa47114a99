/** Reminder defaults for the tenant (issue 24 items 1 and 5). Filled in by the reminders work. */
export function ReminderSettingsSection() {
  return null;
}
