import { Stack, Switch, Text } from '@chakra-ui/react';
import { DEFAULT_REMINDER_MINUTES } from '../../../../shared/domain/reminders.js';
import { ReminderOffsetsField } from '../../components/ReminderOffsetsField.js';

/**
 * The service's own reminders (R-SET-7): off, the store's defaults (no `beforeMinutes`), or its own
 * offsets. Other keys a stored value holds (older rows' `hoursBefore`, `message`) are kept as they are.
 */
export function RemindersEditor({
  value,
  onChange,
}: {
  value: Record<string, unknown>;
  onChange: (v: Record<string, unknown>) => void;
}) {
  const enabled = value.enabled !== false;
  const own = Array.isArray(value.beforeMinutes) ? (value.beforeMinutes as number[]) : null;
  return (
    <Stack gap="4">
      <Switch.Root
        checked={enabled}
        onCheckedChange={(e) => onChange({ ...value, enabled: e.checked })}
        colorPalette="brand"
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>Send reminders for this service's bookings</Switch.Label>
      </Switch.Root>
      {enabled && (
        <Switch.Root
          checked={own !== null}
          onCheckedChange={(e) => {
            const { beforeMinutes: _drop, ...rest } = value;
            onChange(e.checked ? { ...rest, beforeMinutes: [...DEFAULT_REMINDER_MINUTES] } : rest);
          }}
          colorPalette="brand"
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>Use this service's own reminder times</Switch.Label>
        </Switch.Root>
      )}
      {enabled && own !== null ? (
        <ReminderOffsetsField
          name="service-own"
          label="Remind customers"
          value={own}
          onChange={(beforeMinutes) => onChange({ ...value, beforeMinutes })}
        />
      ) : (
        <Text color="fg.muted" fontSize="sm">
          {enabled
            ? "Customers get the store's reminders for service bookings (Notification Preferences)."
            : 'Customers of this service get no reminders.'}
        </Text>
      )}
    </Stack>
  );
}
