import { Stack } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { PageHeader } from '../../components/PageHeader.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { ReminderSettingsSection } from './ReminderSettingsSection.js';

// First-load budget (R-PLAT-11, docs/decisions/0221-first-load-route-preload-and-compression.md): the
// calendar feeds sit below the reminder settings; their table, dates and schemas download as the page
// first renders, while the reminder settings load their data.
const CalendarFeedsSection = lazy(() =>
  import('./CalendarFeedsSection.js').then((m) => ({ default: m.CalendarFeedsSection })),
);

/** /storefront/notifications (beyond the spec's placeholder): reminders and calendar feeds (R-SET-7, R-SET-8). */
export default function NotificationsPage() {
  return (
    <Stack gap="6">
      <PageHeader title="Notification Preferences" />
      <ReminderSettingsSection />
      <Suspense fallback={<PageSpinner label="Loading calendar feeds…" minH="40" />}>
        <CalendarFeedsSection />
      </Suspense>
    </Stack>
  );
}
