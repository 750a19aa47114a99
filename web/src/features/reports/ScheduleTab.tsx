/**
 * The Schedule tab (R-REP-6; docs/decisions/0207-reports-scheduled-reports-really-arrive.md): the organization's scheduled reports,
 * which really run (the report-schedules sweep e-mails each at its time in the organization's zone,
 * with the file attached). Loaded when the tab is first opened: it brings the contract's schedule
 * schema (zod) and the form, which the Reports page's first load does without.
 */
import { Alert, Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { SCHEDULE_FREQUENCIES } from '../../../../shared/contract/report-schedule-models.js';
import { type Column, DataTable } from '../../components/DataTable.js';
import { formatDateTime } from '../../components/format.js';
import { useConfirm } from '../../components/useConfirm.js';
import {
  type ReportSchedule,
  useDeleteSchedule,
  useRunSchedule,
  useSchedules,
  useSetScheduleEnabled,
} from './api/index.js';
import { REPORT_LABELS } from './model.js';
import { ScheduleFormDialog } from './ScheduleFormDialog.js';
import { describeSchedule, FORMAT_NAMES, RECIPIENT_STATE_LABELS } from './scheduleText.js';

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
  const toggle = useSetScheduleEnabled({
    success: (_v, _id, enabled) => (enabled ? 'Schedule enabled' : 'Schedule disabled'),
    failure: 'Failed to update schedule',
  });
  const runNow = useRunSchedule({
    success: (r) =>
      r.run.outcome === 'success' ? `Report sent to ${r.run.sent} recipient${r.run.sent === 1 ? '' : 's'}` : null,
    failure: 'Failed to run report',
  });
  const remove = useDeleteSchedule({
    success: 'Scheduled report deleted',
    failure: 'Failed to delete scheduled report',
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
