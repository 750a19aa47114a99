import { Alert, Box, Button, Card, Field, Heading, Input, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { reminderSettingsBody } from '../../../../shared/contract/reminder-models.js';
import { DEFAULT_CANCEL_CUTOFF_HOURS, MAX_CANCEL_CUTOFF_HOURS } from '../../../../shared/domain/reminders.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { ReminderOffsetsField } from '../../components/ReminderOffsetsField.js';
import { useCan } from './api/permissions.js';
import { type ReminderDefaults, useReminderSettings, useSaveReminderSettings } from './api/reminders.js';

const REMINDER_TEXT = {
  title: 'Booking reminders',
  intro:
    'Customers with an e-mail address get a reminder before their booking starts, with the booking as a calendar file and a link to cancel it online, and an e-mail when their booking is cancelled.',
  businessTitle: 'E-mails to your business',
  businessIntro: 'Sent to the contact e-mail address of your store (Contact page).',
  notifyCancellations: 'E-mail us when a customer cancels a booking online',
  notifyNoShows: 'E-mail us when a reservation is marked as a no-show',
  loadFailed: 'Failed to load reminder settings',
  readOnly: 'You can view these settings; changing them needs permission to configure the system.',
} as const;

/** Reminder defaults for the tenant (R-SET-7) on Notification Preferences. */
export function ReminderSettingsSection() {
  const { data, error, isLoading, mutate } = useReminderSettings();
  const canEdit = useCan('systemSettings.configureSystem');
  const save = useSaveReminderSettings();
  const [form, setForm] = useState<ReminderDefaults | null>(null);
  const [cutoff, setCutoff] = useState('');
  const [cutoffError, setCutoffError] = useState<string | null>(null);
  useEffect(() => {
    if (data) {
      setForm(data);
      setCutoff(String(data.cancelCutoffHours));
    }
  }, [data]);

  if (isLoading) return <PageSpinner label="Loading reminder settings…" />;
  if (error || !form)
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>{REMINDER_TEXT.loadFailed}</Alert.Title>
        <Button size="xs" variant="outline" ms="auto" onClick={() => void mutate()}>
          Retry
        </Button>
      </Alert.Root>
    );

  // From the latest state: two switches flipped before a render both count.
  const set = (patch: Partial<ReminderDefaults>) => setForm((f) => (f ? { ...f, ...patch } : f));
  const dirty =
    JSON.stringify({ ...form, cancelCutoffHours: cutoff.trim() }) !==
    JSON.stringify({ ...data, cancelCutoffHours: String(data?.cancelCutoffHours ?? '') });
  const off = !canEdit || save.busy;

  const submit = async () => {
    const parsed = reminderSettingsBody.safeParse({ ...form, cancelCutoffHours: Number(cutoff) });
    if (!cutoff.trim() || !parsed.success) {
      const issue = parsed.success ? null : parsed.error.issues[0];
      setCutoffError(issue?.message ?? 'Enter the cut-off in hours');
      return;
    }
    setCutoffError(null);
    const res = await save.run(parsed.data);
    if (res.ok) await mutate(res.value, { revalidate: false });
  };

  return (
    <Card.Root variant="outline">
      <Card.Body>
        <form
          noValidate
          aria-label={REMINDER_TEXT.title}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack gap="5">
            <Stack gap="1">
              <Heading size="md">{REMINDER_TEXT.title}</Heading>
              <Text color="fg.muted">{REMINDER_TEXT.intro}</Text>
            </Stack>
            {!canEdit && (
              <Alert.Root status="info">
                <Alert.Indicator />
                <Alert.Title>{REMINDER_TEXT.readOnly}</Alert.Title>
              </Alert.Root>
            )}
            <Switch.Root
              checked={form.enabled}
              disabled={off}
              onCheckedChange={(e) => set({ enabled: e.checked })}
              colorPalette="brand"
            >
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>Send booking reminders</Switch.Label>
            </Switch.Root>
            <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
              <ReminderOffsetsField
                name="service"
                label="Service bookings"
                value={form.serviceBeforeMinutes}
                disabled={off || !form.enabled}
                onChange={(serviceBeforeMinutes) => set({ serviceBeforeMinutes })}
              />
              <ReminderOffsetsField
                name="item"
                label="Item rentals"
                value={form.itemBeforeMinutes}
                disabled={off || !form.enabled}
                onChange={(itemBeforeMinutes) => set({ itemBeforeMinutes })}
              />
            </SimpleGrid>
            <Text fontSize="sm" color="fg.muted">
              A service can set its own reminders in its Advanced Settings (Reminders tab).
            </Text>
            <Switch.Root
              checked={form.lateReturnEnabled}
              disabled={off}
              onCheckedChange={(e) => set({ lateReturnEnabled: e.checked })}
              colorPalette="brand"
            >
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>E-mail the customer once when a rental is overdue</Switch.Label>
            </Switch.Root>
            <Field.Root invalid={!!cutoffError} disabled={off} maxW="sm">
              <Field.Label>Customers may cancel online until (hours before the start)</Field.Label>
              <Input
                inputMode="numeric"
                maxW="28"
                value={cutoff}
                placeholder={String(DEFAULT_CANCEL_CUTOFF_HOURS)}
                onChange={(e) => {
                  setCutoff(e.currentTarget.value);
                  setCutoffError(null);
                }}
              />
              <Field.HelperText>
                0 to {MAX_CANCEL_CUTOFF_HOURS}. After that the cancel page asks them to contact you.
              </Field.HelperText>
              <Field.ErrorText>{cutoffError}</Field.ErrorText>
            </Field.Root>
            {/* The business's own e-mails (R-SET-13, R-RES-14): each switch gates its send. */}
            <Stack gap="3">
              <Stack gap="1">
                <Heading size="sm">{REMINDER_TEXT.businessTitle}</Heading>
                <Text fontSize="sm" color="fg.muted">
                  {REMINDER_TEXT.businessIntro}
                </Text>
              </Stack>
              <Switch.Root
                checked={form.notifyCancellations}
                disabled={off}
                onCheckedChange={(e) => set({ notifyCancellations: e.checked })}
                colorPalette="brand"
              >
                <Switch.HiddenInput />
                <Switch.Control />
                <Switch.Label>{REMINDER_TEXT.notifyCancellations}</Switch.Label>
              </Switch.Root>
              <Switch.Root
                checked={form.notifyNoShows}
                disabled={off}
                onCheckedChange={(e) => set({ notifyNoShows: e.checked })}
                colorPalette="brand"
              >
                <Switch.HiddenInput />
                <Switch.Control />
                <Switch.Label>{REMINDER_TEXT.notifyNoShows}</Switch.Label>
              </Switch.Root>
            </Stack>
            {canEdit && (
              <Box>
                <Button type="submit" colorPalette="brand" disabled={!dirty || save.busy}>
                  {save.busy ? 'Saving...' : 'Save reminders'}
                </Button>
              </Box>
            )}
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
