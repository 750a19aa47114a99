import { Badge, Button, Heading, Stack } from '@chakra-ui/react';
import { WEBHOOK_EVENT_LABELS, type WebhookEvent } from '../../../../shared/domain/webhooks.js';
import { useOrgClock } from '../../app/time-zone.js';
import { type Column, DataTable } from '../../components/DataTable.js';
import { loadError } from '../../components/loadError.js';
import { useWebhookDeliveries, type WebhookDelivery } from './api/get-webhook-deliveries.js';
import type { Webhook } from './api/get-webhooks.js';
import { useReplayWebhookDelivery } from './api/replay-webhook-delivery.js';
import { WEBHOOK_TEXT } from './webhookText.js';

const STATUS_PALETTE = { delivered: 'green', pending: 'orange', failed: 'red' } as const;
/** One endpoint's deliveries, newest first, each with its attempts and a Replay. */
export function WebhookDeliveries({ endpoint }: { endpoint: Webhook }) {
  const { data, error, isLoading, mutate } = useWebhookDeliveries(endpoint.id);
  const clock = useOrgClock();
  const replay = useReplayWebhookDelivery({ success: WEBHOOK_TEXT.replayed, failure: WEBHOOK_TEXT.replayFailed });
  const columns: Column<WebhookDelivery>[] = [
    {
      key: 'event',
      header: 'Event',
      sortValue: (d) => d.event,
      // Event names and errors wrap rather than being cut in the narrow settings column at 1366 px.
      render: (d) => (d.event in WEBHOOK_EVENT_LABELS ? WEBHOOK_EVENT_LABELS[d.event as WebhookEvent] : 'Test event'),
      width: '20%',
    },
    { key: 'at', header: 'Changed', sortValue: (d) => d.at, render: (d) => clock.dateTime(d.at), width: '16%' },
    {
      key: 'status',
      header: 'Status',
      sortValue: (d) => d.status,
      render: (d) => (
        <Badge colorPalette={STATUS_PALETTE[d.status]} variant="subtle">
          {d.status === 'delivered' ? 'Delivered' : d.status === 'pending' ? 'Retrying' : 'Failed'}
        </Badge>
      ),
      width: '10%',
    },
    { key: 'attempts', header: 'Attempts', sortValue: (d) => d.attempts, align: 'end', width: '8%' },
    {
      key: 'code',
      header: 'Last status',
      sortValue: (d) => d.lastStatusCode ?? 0,
      render: (d) => (d.lastStatusCode !== null ? String(d.lastStatusCode) : (d.lastError ?? '—')),
      width: '14%',
    },
    {
      key: 'latency',
      header: 'Latency',
      sortValue: (d) => d.lastLatencyMs ?? 0,
      render: (d) => (d.lastLatencyMs !== null ? `${d.lastLatencyMs} ms` : '—'),
      align: 'end',
      width: '9%',
    },
    {
      key: 'next',
      header: 'Next retry',
      sortValue: (d) => d.nextAttemptAt ?? '',
      render: (d) => (d.nextAttemptAt ? clock.dateTime(d.nextAttemptAt) : '—'),
      width: '14%',
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      nowrap: true,
      width: '9%',
      render: (d) => (
        <Button
          size="xs"
          variant="outline"
          aria-label={`Replay delivery ${d.id}`}
          onClick={() => void replay.run(endpoint.id, d.id)}
        >
          Replay
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="2">
      <Heading as="h3" size="sm">
        Deliveries to {endpoint.url}
      </Heading>
      <DataTable
        label={`Deliveries to ${endpoint.url}`}
        rows={data}
        loading={isLoading}
        error={loadError(WEBHOOK_TEXT.deliveriesFailed, { error, data, mutate })}
        empty={{ title: WEBHOOK_TEXT.noDeliveries }}
        columns={columns}
        rowId={(d) => d.id}
        initialSort={{ key: 'at', dir: 'desc' }}
        pageSize={10}
      />
    </Stack>
  );
}
