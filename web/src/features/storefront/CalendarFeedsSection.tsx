import { Alert, Button, Code, Field, HStack, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import {
  CALENDAR_FEED_NAME_MAX,
  type CalendarFeedScope,
  calendarFeedBody,
} from '../../../../shared/contract/calendar-feed-models.js';
import { errorMessage } from '../../api/client.js';
import { useOrgClock } from '../../app/time-zone.js';
import { type Column, DataTable } from '../../components/DataTable.js';
import { ConfirmRowButton } from '../../components/ConfirmRowButton.js';
import { CopyButton } from '../../components/CopyButton.js';
import { SettingsSectionCard } from '../../components/SettingsSectionCard.js';
import { loadError } from '../../components/loadError.js';
import { useConfirm } from '../../components/useConfirm.js';
import { useCreateCalendarFeed } from './api/create-calendar-feed.js';
import { type CalendarFeed, useCalendarFeeds } from './api/get-calendar-feeds.js';
import { useFeedTargets } from './api/get-feed-targets.js';
import { useRevokeCalendarFeed } from './api/revoke-calendar-feed.js';

const FEED_TEXT = {
  title: 'Calendar feeds',
  intro:
    'Subscribe Google, Apple or Outlook Calendar to your bookings. Each feed has its own secret address: anyone who has it sees the bookings (customer first name and last initial only).',
  loadFailed: 'Failed to load calendar feeds',
  empty: 'No calendar feeds yet.',
  created: 'Calendar feed created',
  createFailed: 'Failed to create the calendar feed',
  revoked: 'Calendar feed revoked',
  revokeFailed: 'Failed to revoke the calendar feed',
  revokeConfirm:
    'Calendars subscribed to this feed stop receiving bookings at once. This cannot be undone: make a new feed to subscribe again.',
  shownOnce:
    'Copy this address now: it is shown only once. Add it in your calendar app as a subscription ("From URL").',
  copyFailed: 'Could not copy the address; select it and copy it by hand.',
} as const;

const SCOPE_LABEL: Record<CalendarFeedScope, string> = {
  all: 'All bookings',
  service: 'One service',
  item: 'One item',
};

function FeedAddress({ url, onDismiss }: { url: string; onDismiss: () => void }) {
  return (
    <Alert.Root status="success" alignItems="flex-start">
      <Alert.Indicator />
      <Stack gap="2" flex="1" minW="0">
        <Alert.Title>Feed address</Alert.Title>
        <Alert.Description>{FEED_TEXT.shownOnce}</Alert.Description>
        <Code p="2" wordBreak="break-all" whiteSpace="normal" data-testid="feed-url">
          {url}
        </Code>
        <HStack>
          <CopyButton text={url} label="Copy address" failedMessage={FEED_TEXT.copyFailed} size="xs" />
          <Button size="xs" variant="ghost" onClick={onDismiss}>
            Done
          </Button>
        </HStack>
      </Stack>
    </Alert.Root>
  );
}

function NewFeed({ onCreated }: { onCreated: (url: string) => void }) {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<CalendarFeedScope>('all');
  const [target, setTarget] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const targets = useFeedTargets(scope === 'all' ? null : scope);
  const create = useCreateCalendarFeed({
    success: FEED_TEXT.created,
    failure: FEED_TEXT.createFailed,
    toastFailure: false,
  });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const body = {
      name,
      scope,
      ...(scope === 'service' && target ? { serviceId: target } : {}),
      ...(scope === 'item' && target ? { inventoryItemId: target } : {}),
    };
    // The contract's own checks and messages (shared/contract/calendar-feed-models.ts).
    const checked = calendarFeedBody.safeParse(body);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const i of checked.error.issues) {
        const key = String(i.path[0] ?? 'name');
        found[key === 'serviceId' || key === 'inventoryItemId' ? 'target' : key] ??= i.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    const r = await create.run(checked.data);
    if (!r.ok) return setFailure(errorMessage(r.error, FEED_TEXT.createFailed));
    setName('');
    setScope('all');
    setTarget('');
    onCreated(r.value.url);
  };

  const targetLabel = scope === 'service' ? 'Service' : 'Item';
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="New calendar feed">
      <Stack gap="4">
        {failure && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        )}
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          <Field.Root required invalid={!!errors.name}>
            <Field.Label>
              Feed name <Field.RequiredIndicator />
            </Field.Label>
            <Input
              value={name}
              maxLength={CALENDAR_FEED_NAME_MAX}
              placeholder="My bookings"
              onChange={(e) => setName(e.target.value)}
            />
            <Field.ErrorText>{errors.name}</Field.ErrorText>
          </Field.Root>
          <Field.Root>
            <Field.Label>Shows</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={scope}
                onChange={(e) => {
                  setScope(e.target.value as CalendarFeedScope);
                  setTarget('');
                  setErrors({});
                }}
              >
                {(Object.keys(SCOPE_LABEL) as CalendarFeedScope[]).map((s) => (
                  <option key={s} value={s}>
                    {SCOPE_LABEL[s]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          {scope !== 'all' && (
            <Field.Root required invalid={!!errors.target || !!targets.error}>
              <Field.Label>
                {targetLabel} <Field.RequiredIndicator />
              </Field.Label>
              <NativeSelect.Root disabled={targets.isLoading}>
                <NativeSelect.Field value={target} onChange={(e) => setTarget(e.target.value)}>
                  <option value="">{targets.isLoading ? 'Loading…' : `Choose a ${targetLabel.toLowerCase()}`}</option>
                  {(targets.data ?? []).map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.ErrorText>
                {errors.target ??
                  (targets.error
                    ? errorMessage(targets.error, `Failed to load the ${targetLabel.toLowerCase()}s`)
                    : null)}
              </Field.ErrorText>
            </Field.Root>
          )}
        </SimpleGrid>
        <Button
          type="submit"
          colorPalette="brand"
          alignSelf={{ base: 'stretch', md: 'flex-start' }}
          loading={create.busy}
          loadingText="Creating..."
        >
          Create feed
        </Button>
      </Stack>
    </form>
  );
}

/** /storefront/notifications: the tenant's calendar feeds (R-SET-8). */
export function CalendarFeedsSection() {
  const { data, error, isLoading, mutate } = useCalendarFeeds();
  const clock = useOrgClock();
  const [address, setAddress] = useState<string | null>(null);
  const { confirm, confirmDialog } = useConfirm();
  const revoke = useRevokeCalendarFeed({ success: FEED_TEXT.revoked, failure: FEED_TEXT.revokeFailed });

  const columns: Column<CalendarFeed>[] = [
    { key: 'name', header: 'Name', sortValue: (f) => f.name, truncate: true, width: '28%' },
    {
      key: 'scope',
      header: 'Shows',
      sortValue: (f) => `${f.scope} ${f.targetName ?? ''}`,
      render: (f) => (f.scope === 'all' ? SCOPE_LABEL.all : (f.targetName ?? SCOPE_LABEL[f.scope])),
      truncate: true,
      width: '28%',
    },
    {
      key: 'created',
      header: 'Created',
      sortValue: (f) => f.createdAt,
      render: (f) => `${clock.date(f.createdAt)} by ${f.createdBy.name}`,
      width: '28%',
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      nowrap: true,
      width: '16%',
      render: (f) => (
        <ConfirmRowButton
          label="Revoke"
          ariaLabel={`Revoke calendar feed ${f.name}`}
          title="Revoke calendar feed"
          message={FEED_TEXT.revokeConfirm}
          confirm={confirm}
          action={() => revoke.run(f)}
        />
      ),
    },
  ];

  return (
    <SettingsSectionCard title={FEED_TEXT.title} description={FEED_TEXT.intro}>
      <Stack gap="6">
        <NewFeed onCreated={setAddress} />
        {address && <FeedAddress url={address} onDismiss={() => setAddress(null)} />}
        <DataTable
          label="Calendar feeds"
          rows={data}
          loading={isLoading}
          error={loadError(FEED_TEXT.loadFailed, { error, data, mutate })}
          empty={{ title: FEED_TEXT.empty }}
          columns={columns}
          rowId={(f) => f.id}
          initialSort={{ key: 'created', dir: 'desc' }}
          pageSize={25}
        />
      </Stack>
      {confirmDialog}
    </SettingsSectionCard>
  );
}
