import { Stack } from '@chakra-ui/react';
import { PageHeader } from '../../components/PageHeader.js';
import { CalendarFeedsSection } from './CalendarFeedsSection.js';
import { ReminderSettingsSection } from './ReminderSettingsSection.js';

/** /storefront/notifications (beyond the spec's placeholder): reminders and calendar feeds (R-SET-7, R-SET-8). */
export default function NotificationsPage() {
  return (
    <Stack gap="6">
      <PageHeader title="Notification Preferences" />
      <ReminderSettingsSection />
      <CalendarFeedsSection />
    </Stack>
  );
}
