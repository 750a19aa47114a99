/**
 * The Schedule tab (R-REP-6; docs/decisions/reports-scheduled-reports-really-arrive.md): the organization's scheduled reports,
 * which really run (the report-schedules sweep e-mails each at its time in the organization's zone,
 * with the file attached). Loaded when the tab is first opened: it brings the contract's schedule
 * schema (zod) and the form, which the Reports page's first load does without.
 */
import {
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  Fieldset,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import {
  type RecipientState,
  reportScheduleBody,
  SCHEDULE_FREQUENCIES,
  scheduleFormatsFor,
  type ScheduleFormat,
} from '../../../../shared/contract/report-schedule-models.js';
import { useMutationAction } from '../../api/mutation.js';
import { type Column, DataTable } from '../../components/DataTable.js';
import { FormDialog } from '../../components/FormDialog.js';
import { FormField } from '../../components/form.js';
import { formatDateTime } from '../../components/format.js';
import { useConfirm } from '../../components/useConfirm.js';
import { type ReportSchedule, SCHEDULES, type ScheduleInput, schedulesApi, useSchedules } from './api/index.js';
import { REPORT_LABELS, REPORT_TYPES, type ReportType } from './model.js';

export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const FREQUENCY_LABELS: Record<(typeof SCHEDULE_FREQUENCIES)[number], string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
};
const FORMAT_NAMES: Record<ScheduleFormat, string> = { pdf: 'PDF', excel: 'Excel', csv: 'CSV' };
/** docs/decisions/report-mail-recipients.md: staff receive at once; an outside address only after it confirms; anyone may unsubscribe. */
export const RECIPIENT_STATE_LABELS: Record<RecipientState, { label: string; color: string }> = {
  staff: { label: 'Staff', color: 'gray' },
  pending: { label: 'Awaiting confirmation', color: 'orange' },
  confirmed: { label: 'Confirmed', color: 'green' },
  unsubscribed: { label: 'Unsubscribed', color: 'red' },
};

function Recipients({ s }: { s: ReportSchedule }) {
  const states = s.recipientStates ?? s.recipients.map((address) => ({ address, state: 'pending' as const }));
  return (
    <Stack gap="1" align="flex-start" whiteSpace="normal">
      {states.map(({ address, state }) => (
        <HStack key={address} gap="1" wrap="wrap">
          <Text fontSize="sm" wordBreak="break-all">
            {address}
          </Text>
          <Badge size="sm" colorPalette={RECIPIENT_STATE_LABELS[state].color}>
            {RECIPIENT_STATE_LABELS[state].label}
          </Badge>
        </HStack>
      ))}
    </Stack>
  );
}

/** "Weekly on Mon, Wed at 07:00" (the time is the organization's). */
export function describeSchedule(s: ReportSchedule['schedule']): string {
  switch (s.frequency) {
    case 'daily':
      return `Daily at ${s.time}`;
    case 'weekly':
      return `Weekly on ${(s.daysOfWeek ?? []).map((d) => WEEKDAYS[d]).join(', ')} at ${s.time}`;
    case 'monthly':
      return `Monthly on day ${s.dayOfMonth} at ${s.time}`;
    case 'quarterly':
      return `Quarterly (1 Jan, Apr, Jul, Oct) at ${s.time}`;
  }
}

/** What a run covers (functions/reports/schedule-runs.ts, reportPeriod). */
export function periodHint(type: ReportType, frequency: ReportSchedule['schedule']['frequency']): string {
  if (type === 'daily-log') return 'Each run sends the daily log of the day before.';
  return {
    daily: 'Each run covers the day before.',
    weekly: 'Each run covers the 7 days before the run day.',
    monthly: 'Each run covers the previous calendar month.',
    quarterly: 'Each run covers the previous calendar quarter.',
  }[frequency];
}

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

function ScheduleFormDialog({ open, zone, onClose }: { open: boolean; zone: string; onClose: () => void }) {
  const create = useMutationAction(schedulesApi.create, {
    success: 'Report scheduled',
    failure: 'Failed to schedule report',
    revalidate: [SCHEDULES],
  });
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
              // A fieldset, not a Field: a Field hands its one control id to every checkbox inside it (docs/decisions/accessibility-checked-by-axe.md).
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

const OUTCOME: Record<string, { label: string; color: string }> = {
  success: { label: 'Sent', color: 'green' },
  failure: { label: 'Failed', color: 'red' },
  skipped: { label: 'Skipped', color: 'gray' },
};

function StatusBadge({ s }: { s: ReportSchedule }) {
  if (s.status === 'running') return <Badge colorPalette="blue">Running</Badge>;
  return s.enabled ? <Badge colorPalette="green">Active</Badge> : <Badge colorPalette="gray">Disabled</Badge>;
}

function LastRun({ s, zone }: { s: ReportSchedule; zone: string }) {
  const last = s.history.at(-1);
  if (!s.lastRun) return <Text color="fg.muted">Never</Text>;
  const outcome = last ? OUTCOME[last.outcome] : undefined;
  return (
    <Stack gap="0.5" align="flex-start" whiteSpace="normal">
      <Text>{formatDateTime(s.lastRun, zone)}</Text>
      {outcome && (
        <Badge size="sm" colorPalette={outcome.color} title={last?.error ?? undefined}>
          {outcome.label}
          {last && last.outcome !== 'skipped' ? ` (${last.sent}/${s.recipients.length})` : ''}
        </Badge>
      )}
      {last?.error && (
        <Text fontSize="xs" color="fg.muted" maxW="18rem" lineClamp={2} title={last.error}>
          {last.error}
        </Text>
      )}
    </Stack>
  );
}

export default function ScheduleTab({ zone }: { zone: string }) {
  const list = useSchedules();
  const [creating, setCreating] = useState(false);
  const { confirm, confirmDialog } = useConfirm();
  const toggle = useMutationAction(schedulesApi.setEnabled, {
    success: (_v, _id, enabled) => (enabled ? 'Schedule enabled' : 'Schedule disabled'),
    failure: 'Failed to update schedule',
    revalidate: [SCHEDULES],
  });
  const runNow = useMutationAction(schedulesApi.runNow, {
    success: (r) =>
      r.run.outcome === 'success' ? `Report sent to ${r.run.sent} recipient${r.run.sent === 1 ? '' : 's'}` : null,
    failure: 'Failed to run report',
    revalidate: [SCHEDULES],
  });
  const remove = useMutationAction(schedulesApi.remove, {
    success: 'Scheduled report deleted',
    failure: 'Failed to delete scheduled report',
    revalidate: [SCHEDULES],
  });
  const [runningId, setRunningId] = useState<string | null>(null);

  const columns = useMemo<Column<ReportSchedule>[]>(
    () => [
      {
        key: 'name',
        header: 'Name',
        width: '15%',
        sortValue: (s) => s.name.toLowerCase(),
        render: (s) => (
          <Stack gap="0" whiteSpace="normal">
            <Text fontWeight="medium">{s.name}</Text>
            <Text fontSize="xs" color="fg.muted">
              {REPORT_LABELS[s.reportType]} · {FORMAT_NAMES[s.format]}
            </Text>
          </Stack>
        ),
      },
      {
        key: 'frequency',
        header: 'Frequency',
        width: '14%',
        render: (s) => <Text whiteSpace="normal">{describeSchedule(s.schedule)}</Text>,
        sortValue: (s) => SCHEDULE_FREQUENCIES.indexOf(s.schedule.frequency),
      },
      { key: 'recipients', header: 'Recipients', width: '13%', render: (s) => <Recipients s={s} /> },
      {
        key: 'nextRun',
        header: 'Next run',
        width: '12%',
        sortValue: (s) => s.nextRun ?? '',
        render: (s) => <Text whiteSpace="normal">{s.nextRun ? formatDateTime(s.nextRun, zone) : '—'}</Text>,
      },
      {
        key: 'lastRun',
        header: 'Last run',
        width: '14%',
        sortValue: (s) => s.lastRun ?? '',
        render: (s) => <LastRun s={s} zone={zone} />,
      },
      {
        key: 'status',
        header: 'Status',
        width: '8%',
        nowrap: true,
        filterOptions: [
          { value: 'active', label: 'Active' },
          { value: 'disabled', label: 'Disabled' },
        ],
        filterValue: (s) => (s.enabled ? 'active' : 'disabled'),
        render: (s) => <StatusBadge s={s} />,
      },
      {
        key: 'counts',
        header: 'Runs',
        width: '10%',
        sortValue: (s) => s.runCount,
        render: (s) => (
          <Text whiteSpace="normal" title={`${s.runCount} runs, ${s.successCount} succeeded, ${s.failureCount} failed`}>
            {s.runCount} ·{' '}
            <Box as="span" color="green.700">
              {s.successCount} ok
            </Box>{' '}
            ·{' '}
            <Box as="span" color={s.failureCount ? 'red.600' : undefined}>
              {s.failureCount} failed
            </Box>
          </Text>
        ),
      },
      {
        key: 'actions',
        header: 'Actions',
        width: '14%',
        render: (s) => (
          <HStack gap="1" wrap="wrap">
            <Button
              size="xs"
              variant="outline"
              loading={runningId === s.id}
              loadingText="Sending..."
              disabled={runNow.busy}
              onClick={async () => {
                setRunningId(s.id);
                await runNow.run(s.id);
                setRunningId(null);
              }}
            >
              Run now
            </Button>
            <Button
              size="xs"
              variant="outline"
              disabled={toggle.busy}
              onClick={() => void toggle.run(s.id, !s.enabled)}
            >
              {s.enabled ? 'Disable' : 'Enable'}
            </Button>
            <Button
              size="xs"
              variant="ghost"
              colorPalette="red"
              onClick={() =>
                void confirm({
                  title: 'Delete scheduled report',
                  message: `Delete "${s.name}"? It will not be sent any more. This cannot be undone.`,
                  confirmLabel: 'Delete',
                  destructive: true,
                  action: () => remove.run(s.id),
                })
              }
            >
              Delete
            </Button>
          </HStack>
        ),
      },
    ],
    [zone, runNow, toggle, remove, runningId, confirm],
  );
  const quota = list.data?.mailQuota;

  return (
    <Stack gap="4">
      <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ sm: 'center' }} gap="2">
        <Text color="fg.muted" fontSize="sm">
          Reports e-mailed with the file attached, at their time in your organization's zone ({zone}).
        </Text>
        <Button colorPalette="brand" onClick={() => setCreating(true)}>
          Schedule Report
        </Button>
      </Stack>
      {quota && quota.sent >= quota.limit && (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Description>
            Daily limit reached: your organization has sent {quota.sent} of {quota.limit} report e-mails today. Run now
            and scheduled runs send nothing more until tomorrow.
          </Alert.Description>
        </Alert.Root>
      )}
      <DataTable
        label="Scheduled reports"
        rows={list.data?.schedules}
        columns={columns}
        rowId={(s) => s.id}
        rowLabel={(s) => s.name}
        loading={list.isLoading}
        error={
          list.error
            ? {
                title: 'Failed to load scheduled reports',
                message: String((list.error as Error).message ?? list.error),
                onRetry: () => void list.mutate(),
              }
            : null
        }
        empty={{
          title: 'No scheduled reports yet.',
          description: 'Schedule a report to have it e-mailed daily, weekly, monthly or quarterly.',
        }}
      />
      <ScheduleFormDialog open={creating} zone={zone} onClose={() => setCreating(false)} />
      {confirmDialog}
    </Stack>
  );
}
