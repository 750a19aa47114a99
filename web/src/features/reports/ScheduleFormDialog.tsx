import { Checkbox, Fieldset, HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import {
  reportScheduleBody,
  SCHEDULE_FREQUENCIES,
  scheduleFormatsFor,
  type ScheduleFormat,
} from '../../../../shared/contract/report-schedule-models.js';
import { FormDialog } from '../../components/FormDialog.js';
import { FormField } from '../../components/form.js';
import { type ScheduleInput, useCreateSchedule } from './api/index.js';
import { REPORT_LABELS, REPORT_TYPES, type ReportType } from './model.js';
import { FORMAT_NAMES, FREQUENCY_LABELS, periodHint, WEEKDAYS } from './scheduleText.js';

const defaults: ScheduleInput = {
  name: '',
  reportType: 'revenue',
  schedule: { frequency: 'weekly', time: '08:00', daysOfWeek: [1], dayOfMonth: 1 },
  format: 'pdf',
  recipients: [],
  enabled: true,
};

/** Addresses typed as one text (commas, semicolons, spaces or new lines between them). */
const splitRecipients = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);

function RecipientsInput({
  value,
  onChange,
  invalid,
}: {
  value: string[];
  onChange: (v: string[]) => void;
  invalid: boolean;
}) {
  const [text, setText] = useState(() => value.join(', '));
  return (
    <Input
      aria-label="Recipients"
      aria-invalid={invalid}
      placeholder="owner@example.com, accountant@example.com"
      value={text}
      maxLength={2000}
      onChange={(e) => {
        setText(e.target.value);
        onChange(splitRecipients(e.target.value));
      }}
    />
  );
}

/** The form that schedules a report: name, type, frequency and its day, time, format, recipients. */
export function ScheduleFormDialog({ open, zone, onClose }: { open: boolean; zone: string; onClose: () => void }) {
  const create = useCreateSchedule({ success: 'Report scheduled', failure: 'Failed to schedule report' });
  return (
    <FormDialog
      open={open}
      title="Schedule Report"
      schema={reportScheduleBody}
      defaultValues={defaults}
      submitLabel="Schedule"
      onClose={onClose}
      onSubmit={async (values) => {
        const { frequency } = values.schedule;
        // Only the fields of the chosen frequency go to the server.
        const schedule = {
          frequency,
          time: values.schedule.time,
          ...(frequency === 'weekly' ? { daysOfWeek: values.schedule.daysOfWeek } : {}),
          ...(frequency === 'monthly' ? { dayOfMonth: values.schedule.dayOfMonth } : {}),
        };
        const r = await create.run({ ...values, schedule });
        if (!r.ok) throw r.error;
      }}
    >
      {(form) => {
        const errors = form.formState.errors;
        const type = form.watch('reportType') as ReportType;
        const frequency = form.watch('schedule.frequency');
        const formats = scheduleFormatsFor(type);
        const recipientError =
          errors.recipients?.message ??
          (Array.isArray(errors.recipients) ? errors.recipients.find((e) => e?.message)?.message : undefined);
        return (
          <Stack gap="4">
            <FormField name="name" label="Name" required>
              <Input {...form.register('name')} maxLength={120} placeholder="Weekly revenue" />
            </FormField>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <FormField label="Report type" required error={errors.reportType?.message}>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    aria-label="Report type"
                    {...form.register('reportType', {
                      onChange: (e) => {
                        const allowed = scheduleFormatsFor(e.target.value as ReportType);
                        if (!allowed.includes(form.getValues('format') as ScheduleFormat))
                          form.setValue('format', allowed[0]!);
                      },
                    })}
                  >
                    {REPORT_TYPES.map((t) => (
                      <option key={t} value={t}>
                        {REPORT_LABELS[t]}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
              <FormField label="Format" required error={errors.format?.message}>
                <NativeSelect.Root>
                  <NativeSelect.Field aria-label="Format" {...form.register('format')}>
                    {formats.map((f) => (
                      <option key={f} value={f}>
                        {FORMAT_NAMES[f]}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
              <FormField
                label="Frequency"
                required
                error={errors.schedule?.frequency?.message ?? errors.schedule?.message}
              >
                <NativeSelect.Root>
                  <NativeSelect.Field aria-label="Frequency" {...form.register('schedule.frequency')}>
                    {SCHEDULE_FREQUENCIES.map((f) => (
                      <option key={f} value={f}>
                        {FREQUENCY_LABELS[f]}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
              <FormField label={`Time (${zone})`} required error={errors.schedule?.time?.message}>
                <Input type="time" aria-label="Time" {...form.register('schedule.time')} />
              </FormField>
            </SimpleGrid>
            {frequency === 'weekly' && (
              // A fieldset, not a Field: a Field hands its one control id to every checkbox inside it (docs/decisions/0020-accessibility-checked-by-axe.md).
              <Fieldset.Root invalid={!!errors.schedule?.daysOfWeek}>
                <Fieldset.Legend fontSize="sm" fontWeight="medium">
                  Days of week{' '}
                  <Text as="span" color="fg.error" aria-hidden>
                    *
                  </Text>
                </Fieldset.Legend>
                <Controller
                  control={form.control}
                  name="schedule.daysOfWeek"
                  render={({ field }) => {
                    const days = new Set(field.value ?? []);
                    return (
                      <HStack gap="3" wrap="wrap">
                        {WEEKDAYS.map((label, d) => (
                          <Checkbox.Root
                            key={label}
                            size="sm"
                            checked={days.has(d)}
                            onCheckedChange={(e) => {
                              const next = new Set(days);
                              if (e.checked) next.add(d);
                              else next.delete(d);
                              field.onChange([...next].sort());
                            }}
                          >
                            <Checkbox.HiddenInput aria-label={label} />
                            <Checkbox.Control />
                            <Checkbox.Label>{label}</Checkbox.Label>
                          </Checkbox.Root>
                        ))}
                      </HStack>
                    );
                  }}
                />
                <Fieldset.ErrorText>{errors.schedule?.daysOfWeek?.message}</Fieldset.ErrorText>
              </Fieldset.Root>
            )}
            {frequency === 'monthly' && (
              <FormField
                label="Day of month"
                required
                helper="A day past the month's end runs on its last day."
                error={errors.schedule?.dayOfMonth?.message}
              >
                <Controller
                  control={form.control}
                  name="schedule.dayOfMonth"
                  render={({ field }) => (
                    <Input
                      type="number"
                      aria-label="Day of month"
                      min={1}
                      max={31}
                      maxW="8rem"
                      value={field.value ?? ''}
                      onChange={(e) => field.onChange(e.target.value === '' ? undefined : Number(e.target.value))}
                    />
                  )}
                />
              </FormField>
            )}
            <Text fontSize="sm" color="fg.muted">
              {periodHint(type, frequency)}
            </Text>
            <FormField
              label="Recipients"
              required
              helper="E-mail addresses, separated by commas. Your team's addresses receive reports at once; only an administrator can add other addresses, and each receives a confirmation e-mail first and nothing else until it confirms."
              error={recipientError}
            >
              <Controller
                control={form.control}
                name="recipients"
                render={({ field }) => (
                  <RecipientsInput value={field.value} onChange={field.onChange} invalid={!!recipientError} />
                )}
              />
            </FormField>
            <Controller
              control={form.control}
              name="enabled"
              render={({ field }) => (
                <Checkbox.Root checked={field.value !== false} onCheckedChange={(e) => field.onChange(!!e.checked)}>
                  <Checkbox.HiddenInput aria-label="Active" />
                  <Checkbox.Control />
                  <Checkbox.Label>Active (runs at its time)</Checkbox.Label>
                </Checkbox.Root>
              )}
            />
          </Stack>
        );
      }}
    </FormDialog>
  );
}
