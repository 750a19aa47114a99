import { Badge, Button, Stack, Text, Wrap } from '@chakra-ui/react';
import { useState } from 'react';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS } from '../../../../shared/domain/webhooks.js';
import { useOrgClock } from '../../app/time-zone.js';
import { ConfirmRowButton } from '../../components/ConfirmRowButton.js';
import { type Column, DataTable } from '../../components/DataTable.js';
import { loadError } from '../../components/loadError.js';
import { SecretOnceDialog } from '../../components/SecretOnceDialog.js';
import { SettingsSectionCard } from '../../components/SettingsSectionCard.js';
import { useConfirm } from '../../components/useConfirm.js';
import { useDeleteWebhook } from './api/delete-webhook.js';
import { useWebhooks, type Webhook } from './api/get-webhooks.js';
import { useTestWebhook } from './api/test-webhook.js';
import { useUpdateWebhook } from './api/update-webhook.js';
import { WebhookDeliveries } from './WebhookDeliveries.js';
import { WebhookEndpointDialog } from './WebhookEndpointDialog.js';
import { WEBHOOK_TEXT } from './webhookText.js';

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
        {shown && <WebhookDeliveries endpoint={shown} />}
      </Stack>
      <WebhookEndpointDialog
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
