import { Field, Input, Stack, Switch, Text } from '@chakra-ui/react';
import { HOLD_MINUTES } from '../../../../shared/domain/waitlist.js';

/**
 * The waitlist of full slots (R-SVC-7), on the RSVPs tab: a switch (on unless turned off) and the hold
 * time of an offer, 1 minute to 24 hours. With public bookings off there is no public page to join from.
 */
export function WaitlistSettingsFields({
  enabled,
  holdMinutes,
  publicBookings,
  onChange,
}: {
  enabled: boolean;
  holdMinutes: string;
  publicBookings: boolean;
  onChange: (v: { waitlistEnabled?: boolean; holdMinutes?: string }) => void;
}) {
  const n = Number(holdMinutes);
  const invalid = holdMinutes.trim() !== '' && (!Number.isInteger(n) || n < HOLD_MINUTES.min || n > HOLD_MINUTES.max);
  return (
    <Stack gap="3" borderTopWidth="1px" pt="4">
      <Switch.Root
        checked={enabled}
        disabled={!publicBookings}
        onCheckedChange={(e) => onChange({ waitlistEnabled: e.checked })}
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>Waitlist for full time slots</Switch.Label>
      </Switch.Root>
      <Text fontSize="sm" color="fg.muted">
        {publicBookings
          ? 'Customers can join the waitlist of a full slot. When places free up, the first person waiting whose party fits gets an e-mail offer and the places are held for them.'
          : 'Turn on public bookings to let customers join waitlists.'}
      </Text>
      <Field.Root invalid={invalid} disabled={!enabled || !publicBookings}>
        <Field.Label>Hold offered places for (minutes)</Field.Label>
        <Input
          type="number"
          inputMode="numeric"
          min={HOLD_MINUTES.min}
          max={HOLD_MINUTES.max}
          value={holdMinutes}
          onChange={(e) => onChange({ holdMinutes: e.target.value })}
          maxW="40"
        />
        <Field.HelperText>From 1 minute to 24 hours (1440 minutes). Default 30.</Field.HelperText>
        <Field.ErrorText>Hold time must be between 1 minute and 24 hours</Field.ErrorText>
      </Field.Root>
    </Stack>
  );
}
