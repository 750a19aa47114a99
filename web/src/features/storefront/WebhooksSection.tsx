import { Alert, Badge, Button, Checkbox, Heading, Input, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { webhookCreateBody } from '../../../../shared/contract/webhook-models.js';
import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX,
  type WebhookEvent,
} from '../../../../shared/domain/webhooks.js';
import { errorMessage } from '../../api/client.js';
import { useOrgClock } from '../../app/time-zone.js';
import { type Column, DataTable } from '../../components/DataTable.js';
import { ConfirmRowButton } from '../../components/ConfirmRowButton.js';
import { FormDialog } from '../../components/FormDialog.js';
import { FormField } from '../../components/form.js';
import { SecretOnceDialog } from '../../components/SecretOnceDialog.js';
import { SettingsSectionCard } from '../../components/SettingsSectionCard.js';
import { loadError } from '../../components/loadError.js';
import { useConfirm } from '../../components/useConfirm.js';
import { useCreateWebhook, type WebhookForm } from './api/create-webhook.js';
import { useDeleteWebhook } from './api/delete-webhook.js';
import { useWebhookDeliveries, type WebhookDelivery } from './api/get-webhook-deliveries.js';
import { useWebhooks, type Webhook } from './api/get-webhooks.js';
import { useReplayWebhookDelivery } from './api/replay-webhook-delivery.js';
import { useTestWebhook } from './api/test-webhook.js';
import { useUpdateWebhook } from './api/update-webhook.js';

export const WEBHOOK_TEXT = {
  title: 'Webhooks',
  intro:
    'Send your own systems an HTTPS request the moment something changes: a reservation made, changed or cancelled, an item’s status, a payment. Each request is signed (Standard Webhooks) and retried for more than a day until your server answers with a 2xx status within 10 seconds.',
  loadFailed: 'Failed to load webhook endpoints',
  empty: 'No webhook endpoints yet.',
  created: 'Webhook endpoint added',
  createFailed: 'Failed to add the webhook endpoint',
  saved: 'Webhook endpoint saved',
  saveFailed: 'Failed to save the webhook endpoint',
  enabled: 'Webhook endpoint enabled',
  disabled: 'Webhook endpoint disabled',
  deleted: 'Webhook endpoint deleted',
  deleteFailed: 'Failed to delete the webhook endpoint',
  deleteConfirm: 'Its pending deliveries are dropped and no more events are sent to this URL. This cannot be undone.',
  tested: 'Test event sent: it appears in the deliveries below',
  testFailed: 'Failed to send a test event',
  replayed: 'Delivery queued again',
  replayFailed: 'Failed to replay the delivery',
  shownOnce:
    'Copy this signing secret now. It will not be shown again. Your server verifies each request with it (see the API documentation).',
  copyFailed: 'Could not copy the secret; select it and copy it by hand.',
  deliveriesFailed: 'Failed to load deliveries',
  noDeliveries: 'No deliveries yet. Send a test event to see one.',
} as const;

const STATUS_PALETTE = { delivered: 'green', pending: 'orange', failed: 'red' } as const;
const DEFAULTS: WebhookForm = { url: '', events: [...WEBHOOK_EVENTS], description: '' };

function EndpointDialog(props: {
  open: boolean;
  editing: Webhook | null;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateWebhook({
    success: WEBHOOK_TEXT.created,
    failure: WEBHOOK_TEXT.createFailed,
    toastFailure: false,
  });
  const update = useUpdateWebhook({
    success: WEBHOOK_TEXT.saved,
    failure: WEBHOOK_TEXT.saveFailed,
    toastFailure: false,
  });
  const defaults = useMemo<WebhookForm>(
    () =>
      props.editing
        ? { url: props.editing.url, events: props.editing.events, description: props.editing.description }
        : DEFAULTS,
    [props.editing],
  );
  return (
    <FormDialog
      open={props.open}
      title={props.editing ? 'Edit webhook endpoint' : 'Add webhook endpoint'}
      schema={webhookCreateBody}
      defaultValues={defaults}
      submitLabel={props.editing ? 'Save' : 'Add endpoint'}
      onClose={() => {
        setFailure(null);
        props.onClose();
      }}
      onSubmit={async (validated, f) => {
        setFailure(null);
        // The checkboxes set `events` with setValue, which the resolver's copy may miss: the form's own
        // value, checked again by the contract's schema.
        const checked = webhookCreateBody.safeParse({ ...validated, events: f.getValues('events') });
        if (!checked.success) {
          f.setError('events', { message: checked.error.issues[0]?.message ?? 'Choose at least one event' });
          return false;
        }
        const values = checked.data;
        if (props.editing) {
          const r = await update.run(props.editing.id, values);
          if (!r.ok) {
            setFailure(errorMessage(r.error, WEBHOOK_TEXT.saveFailed));
            return false;
          }
          return;
        }
        const r = await create.run(values);
        if (!r.ok) {
          setFailure(errorMessage(r.error, WEBHOOK_TEXT.createFailed));
          return false;
        }
        props.onCreated(r.value.secret);
      }}
    >
      {(form) => {
        const chosen = new Set((form.watch('events') ?? []) as WebhookEvent[]);
        // Read at the click, not from this render: the checkbox may hold on to an older callback.
        const toggle = (e: WebhookEvent, on: boolean) => {
          const now = new Set((form.getValues('events') ?? []) as WebhookEvent[]);
          const next = WEBHOOK_EVENTS.filter((x) => (x === e ? on : now.has(x)));
          form.setValue('events', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
        };
        const eventsError = form.formState.errors.events?.message;
        return (
          <Stack gap="4">
            {failure && (
              <Alert.Root status="error" size="sm" role="alert">
                <Alert.Indicator />
                <Alert.Description>{failure}</Alert.Description>
              </Alert.Root>
            )}
            <FormField
              name="url"
              label="Endpoint URL"
              required
              helper="An https:// address your server receives POST requests on."
            >
              <Input
                {...form.register('url')}
                type="url"
                inputMode="url"
                maxLength={WEBHOOK_URL_MAX}
                placeholder="https://example.com/webhooks/bookings"
                autoComplete="off"
              />
            </FormField>
            <FormField name="description" label="Description" helper="What receives these events (optional).">
              <Input {...form.register('description')} maxLength={WEBHOOK_DESCRIPTION_MAX} autoComplete="off" />
            </FormField>
            <Stack gap="2" role="group" aria-labelledby="webhook-events-label">
              <Text id="webhook-events-label" fontWeight="medium" fontSize="sm">
                Events
              </Text>
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
                {WEBHOOK_EVENTS.map((e) => (
                  <Checkbox.Root key={e} checked={chosen.has(e)} onCheckedChange={(d) => toggle(e, d.checked === true)}>
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{WEBHOOK_EVENT_LABELS[e]}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </SimpleGrid>
              {eventsError && (
                <Text color="fg.error" fontSize="sm" role="alert">
                  {String(eventsError)}
                </Text>
              )}
            </Stack>
          </Stack>
        );
      }}
    </FormDialog>
  );
}

function Deliveries({ endpoint }: { endpoint: Webhook }) {
  const { data, error, isLoading, mutate } = useWebhookDeliveries(endpoint.id);
  const clock = useOrgClock();
  const replay = useReplayWebhookDelivery({ success: WEBHOOK_TEXT.replayed, failure: WEBHOOK_TEXT.replayFailed });
  const columns: Column<WebhookDelivery>[] = [
    {
      key: 'event',
      header: 'Event',
      sortValue: (d) => d.event,
      render: (d) => (d.event in WEBHOOK_EVENT_LABELS ? WEBHOOK_EVENT_LABELS[d.event as WebhookEvent] : 'Test event'),
      truncate: true,
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
      truncate: true,
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

/** /storefront/api: the organization's webhook endpoints and their deliveries (R-SET-10). Administrators only. */
export function WebhooksSection() {
  const { data, error, isLoading, mutate } = useWebhooks();
  const clock = useOrgClock();
  const [dialog, setDialog] = useState<{ editing: Webhook | null } | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const { confirm, confirmDialog } = useConfirm();
  const remove = useDeleteWebhook({ success: WEBHOOK_TEXT.deleted, failure: WEBHOOK_TEXT.deleteFailed });
  const toggle = useUpdateWebhook({
    success: (w) => (w.enabled ? WEBHOOK_TEXT.enabled : WEBHOOK_TEXT.disabled),
    failure: WEBHOOK_TEXT.saveFailed,
  });
  const test = useTestWebhook({ success: WEBHOOK_TEXT.tested, failure: WEBHOOK_TEXT.testFailed });
  const shown = data?.find((w) => w.id === selected) ?? null;

  const columns: Column<Webhook>[] = [
    {
      key: 'url',
      header: 'Endpoint',
      sortValue: (w) => w.url,
      render: (w) => (
        <Stack gap="0" minW="0">
          <Text truncate title={w.url}>
            {w.url}
          </Text>
          {w.description && (
            <Text color="fg.muted" fontSize="xs" truncate>
              {w.description}
            </Text>
          )}
        </Stack>
      ),
      width: '34%',
    },
    {
      key: 'events',
      header: 'Events',
      sortValue: (w) => w.events.length,
      render: (w) =>
        w.events.length === WEBHOOK_EVENTS.length
          ? 'All events'
          : w.events.map((e) => WEBHOOK_EVENT_LABELS[e]).join(', '),
      truncate: true,
      width: '22%',
    },
    {
      key: 'status',
      header: 'Status',
      sortValue: (w) => (w.enabled ? 1 : 0),
      render: (w) => (
        <Stack gap="0">
          <Badge
            colorPalette={w.enabled ? (w.failingSince ? 'orange' : 'green') : 'gray'}
            variant="subtle"
            alignSelf="flex-start"
          >
            {w.enabled ? (w.failingSince ? 'Failing' : 'Enabled') : 'Disabled'}
          </Badge>
          {w.enabled && w.failingSince && (
            <Text fontSize="xs" color="fg.muted">
              since {clock.dateTime(w.failingSince)}
            </Text>
          )}
          {!w.enabled && w.disabledReason && (
            <Text fontSize="xs" color="fg.muted">
              {w.disabledReason}
            </Text>
          )}
        </Stack>
      ),
      width: '14%',
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      width: '30%',
      render: (w) => (
        <Wrap gap="1" justify="flex-end">
          <Button
            size="xs"
            variant={selected === w.id ? 'solid' : 'outline'}
            onClick={() => setSelected(selected === w.id ? null : w.id)}
          >
            Deliveries
          </Button>
          <Button
            size="xs"
            variant="outline"
            aria-label={`Send a test event to ${w.url}`}
            disabled={!w.enabled}
            onClick={() => void test.run(w.id)}
          >
            Test
          </Button>
          <Button size="xs" variant="outline" aria-label={`Edit ${w.url}`} onClick={() => setDialog({ editing: w })}>
            Edit
          </Button>
          <Button size="xs" variant="outline" onClick={() => void toggle.run(w.id, { enabled: !w.enabled })}>
            {w.enabled ? 'Disable' : 'Enable'}
          </Button>
          <ConfirmRowButton
            label="Delete"
            ariaLabel={`Delete ${w.url}`}
            title="Delete webhook endpoint"
            message={WEBHOOK_TEXT.deleteConfirm}
            confirm={confirm}
            action={async () => {
              const r = await remove.run(w);
              if (r.ok && selected === w.id) setSelected(null);
              return r;
            }}
          />
        </Wrap>
      ),
    },
  ];

  return (
    <SettingsSectionCard
      title={WEBHOOK_TEXT.title}
      description={WEBHOOK_TEXT.intro}
      action={
        <Button colorPalette="brand" size="sm" onClick={() => setDialog({ editing: null })}>
          Add endpoint
        </Button>
      }
    >
      <Stack gap="6">
        <DataTable
          label="Webhook endpoints"
          rows={data}
          loading={isLoading}
          error={loadError(WEBHOOK_TEXT.loadFailed, { error, data, mutate })}
          empty={{ title: WEBHOOK_TEXT.empty }}
          columns={columns}
          rowId={(w) => w.id}
          initialSort={{ key: 'url', dir: 'asc' }}
          pageSize={25}
        />
        {shown && <Deliveries endpoint={shown} />}
      </Stack>
      <EndpointDialog
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        onClose={() => setDialog(null)}
        onCreated={(s) => setSecret(s)}
      />
      {/* The new endpoint's signing secret, once, with a copy button. */}
      <SecretOnceDialog
        secret={secret}
        title="Signing secret"
        warning={WEBHOOK_TEXT.shownOnce}
        copyLabel="Copy secret"
        copyFailed={WEBHOOK_TEXT.copyFailed}
        testId="webhook-secret-once"
        onClose={() => setSecret(null)}
      />
      {confirmDialog}
    </SettingsSectionCard>
  );
}
