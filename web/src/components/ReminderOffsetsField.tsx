import { Button, CloseButton, Field, HStack, Input, NativeSelect, Stack, Tag, Text, Wrap } from '@chakra-ui/react';
import { useState } from 'react';
import {
  MAX_REMINDER_OFFSETS,
  normalizeOffsets,
  offsetLabel,
  offsetsProblem,
} from '../../../shared/domain/reminders.js';

const UNITS = { minutes: 1, hours: 60, days: 1440 } as const;
type Unit = keyof typeof UNITS;

/**
 * A list of reminder offsets (R-SET-7): chips of what is set ('1 day before'), each removable, and a
 * row to add one as a number and a unit. The bounds (15 minutes to 7 days, at most 5, no repeats)
 * are shared/domain/reminders.ts's, the server's own.
 */
export function ReminderOffsetsField({
  label,
  value,
  onChange,
  disabled,
  name,
}: {
  label: string;
  value: number[];
  onChange: (next: number[]) => void;
  disabled?: boolean;
  /** For labels and test ids: unique on the page. */
  name: string;
}) {
  const [amount, setAmount] = useState('');
  const [unit, setUnit] = useState<Unit>('hours');
  const [error, setError] = useState<string | null>(null);
  const add = () => {
    const n = Number(amount);
    if (!amount.trim() || !Number.isFinite(n) || n <= 0) return setError('Enter how long before the start');
    const minutes = Math.round(n * UNITS[unit]);
    if (value.includes(minutes)) return setError('That reminder is already set');
    const next = normalizeOffsets([...value, minutes]);
    const problem = offsetsProblem(next);
    if (problem) return setError(problem);
    setError(null);
    setAmount('');
    onChange(next);
  };
  return (
    <Field.Root invalid={!!error} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <Stack gap="2" w="full">
        {value.length ? (
          <Wrap gap="2" data-testid={`${name}-offsets`}>
            {normalizeOffsets(value).map((m) => (
              <Tag.Root key={m} size="lg" variant="subtle" colorPalette="brand">
                <Tag.Label>{offsetLabel(m)} before</Tag.Label>
                <Tag.EndElement>
                  <CloseButton
                    size="2xs"
                    aria-label={`Remove the reminder ${offsetLabel(m)} before`}
                    disabled={disabled}
                    onClick={() => onChange(value.filter((v) => v !== m))}
                  />
                </Tag.EndElement>
              </Tag.Root>
            ))}
          </Wrap>
        ) : (
          <Text color="fg.muted" fontSize="sm">
            No reminders.
          </Text>
        )}
        {value.length < MAX_REMINDER_OFFSETS && (
          <HStack gap="2" flexWrap="wrap">
            <Input
              aria-label={`${label}: how long before`}
              inputMode="decimal"
              maxW="24"
              value={amount}
              disabled={disabled}
              onChange={(e) => {
                setAmount(e.currentTarget.value);
                setError(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  add();
                }
              }}
            />
            <NativeSelect.Root maxW="32" disabled={disabled}>
              <NativeSelect.Field
                // Its own id: the Field gives its id to the amount input, which its label names.
                id={`${name}-unit`}
                aria-label={`${label}: unit`}
                value={unit}
                onChange={(e) => setUnit(e.currentTarget.value as Unit)}
              >
                <option value="minutes">minutes</option>
                <option value="hours">hours</option>
                <option value="days">days</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Button size="sm" variant="outline" onClick={add} disabled={disabled}>
              Add reminder
            </Button>
          </HStack>
        )}
      </Stack>
      <Field.HelperText>15 minutes to 7 days before the start, at most {MAX_REMINDER_OFFSETS}.</Field.HelperText>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
