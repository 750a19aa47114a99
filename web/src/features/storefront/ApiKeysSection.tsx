import { Alert, Badge, Button, Code, Input, Link, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { apiKeyBody } from '../../../../shared/contract/routes/api-keys.js';
import {
  API_KEY_ACCESS_LABELS,
  API_KEY_ACCESS_LEVELS,
  type ApiKeyAccessLevel,
} from '../../../../shared/domain/api-keys.js';
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
import { type ApiKeyForm, useCreateApiKey } from './api/create-api-key.js';
import { type ApiKey, useApiKeys } from './api/get-api-keys.js';
import { useRevokeApiKey } from './api/revoke-api-key.js';

/** The contract as an OpenAPI 3.1 document (functions/health/openapi.ts). */
const OPENAPI_URL = '/api/openapi.json';

const API_KEY_TEXT = {
  title: 'API keys',
  intro:
    'Connect your own systems (accounting, marketing, your website) to this account. A key acts with the permissions of its access level, as set in Users & Permissions. Send it as "Authorization: Bearer <key>".',
  loadFailed: 'Failed to load API keys',
  empty: 'No API keys yet.',
  created: 'API key created',
  createFailed: 'Failed to create the API key',
  revoked: 'API key revoked',
  revokeFailed: 'Failed to revoke the API key',
  revokeConfirm:
    'Programs using this key stop working within a minute. This cannot be undone: create a new key to connect again.',
  shownOnce: 'Copy this key now. It will not be shown again: we keep only a fingerprint of it.',
  copyFailed: 'Could not copy the key; select it and copy it by hand.',
  never: 'Never',
} as const;

const LEVEL_HELP: Record<ApiKeyAccessLevel, string> = {
  EMPLOYEE: 'What an employee may do under your permission settings (read-mostly).',
  MANAGER: 'What a manager may do: inventory, returns, settings they are allowed.',
  ADMIN: 'Everything an administrator may do in this account.',
};

const DEFAULTS: ApiKeyForm = { name: '', accessLevel: 'EMPLOYEE' };

function NewKeyDialog(props: { open: boolean; onClose: () => void; onCreated: (key: string) => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateApiKey({
    success: API_KEY_TEXT.created,
    failure: API_KEY_TEXT.createFailed,
    toastFailure: false,
  });
  return (
    <FormDialog
      open={props.open}
      title="Create API key"
      schema={apiKeyBody}
      defaultValues={DEFAULTS}
      submitLabel="Create key"
      onClose={() => {
        setFailure(null);
        props.onClose();
      }}
      onSubmit={async (values) => {
        setFailure(null);
        const r = await create.run(values);
        if (!r.ok) {
          setFailure(errorMessage(r.error, API_KEY_TEXT.createFailed));
          return false;
        }
        props.onCreated(r.value.key);
      }}
    >
      {(form) => {
        const level = form.watch('accessLevel') as ApiKeyAccessLevel;
        return (
          <Stack gap="4">
            {failure && (
              <Alert.Root status="error" size="sm" role="alert">
                <Alert.Indicator />
                <Alert.Description>{failure}</Alert.Description>
              </Alert.Root>
            )}
            <FormField name="name" label="Key name" required helper="Say what uses it, for example “Accounting sync”.">
              <Input {...form.register('name')} maxLength={100} autoComplete="off" />
            </FormField>
            <FormField name="accessLevel" label="Access level" required helper={LEVEL_HELP[level]}>
              <NativeSelect.Root>
                <NativeSelect.Field {...form.register('accessLevel')} aria-label="Access level">
                  {API_KEY_ACCESS_LEVELS.map((l) => (
                    <option key={l} value={l}>
                      {API_KEY_ACCESS_LABELS[l]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          </Stack>
        );
      }}
    </FormDialog>
  );
}

/** /storefront/api: the organization's API keys (R-SET-9). Administrators only (the route says so). */
export function ApiKeysSection() {
  const { data, error, isLoading, mutate } = useApiKeys();
  const clock = useOrgClock();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const { confirm, confirmDialog } = useConfirm();
  const revoke = useRevokeApiKey({ success: API_KEY_TEXT.revoked, failure: API_KEY_TEXT.revokeFailed });

  const columns: Column<ApiKey>[] = [
    { key: 'name', header: 'Name', sortValue: (k) => k.name, truncate: true, width: '22%' },
    {
      key: 'prefix',
      header: 'Key',
      sortValue: (k) => k.prefix,
      render: (k) => <Code fontSize="xs">{k.prefix}…</Code>,
      width: '20%',
    },
    {
      key: 'level',
      header: 'Access',
      sortValue: (k) => k.accessLevel,
      render: (k) => <Badge variant="subtle">{API_KEY_ACCESS_LABELS[k.accessLevel]}</Badge>,
      width: '12%',
    },
    {
      key: 'created',
      header: 'Created',
      sortValue: (k) => k.createdAt,
      render: (k) => `${clock.date(k.createdAt)} by ${k.createdBy.name}`,
      truncate: true,
      width: '20%',
    },
    {
      key: 'used',
      header: 'Last used',
      sortValue: (k) => k.lastUsedAt ?? '',
      render: (k) => (k.lastUsedAt ? clock.dateTime(k.lastUsedAt) : API_KEY_TEXT.never),
      width: '16%',
    },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      nowrap: true,
      width: '10%',
      render: (k) => (
        <ConfirmRowButton
          label="Revoke"
          ariaLabel={`Revoke API key ${k.name}`}
          title="Revoke API key"
          message={API_KEY_TEXT.revokeConfirm}
          confirm={confirm}
          action={() => revoke.run(k)}
        />
      ),
    },
  ];

  return (
    <SettingsSectionCard
      title={API_KEY_TEXT.title}
      description={API_KEY_TEXT.intro}
      details={
        <Text fontSize="sm">
          Every route is described in the{' '}
          <Link href={OPENAPI_URL} target="_blank" rel="noopener" colorPalette="brand" variant="underline">
            OpenAPI document
          </Link>
          .
        </Text>
      }
      action={
        <Button colorPalette="brand" onClick={() => setCreating(true)} w={{ base: 'full', sm: 'auto' }}>
          Create API key
        </Button>
      }
    >
      <DataTable
        label="API keys"
        rows={data}
        loading={isLoading}
        error={loadError(API_KEY_TEXT.loadFailed, { error, data, mutate })}
        empty={{ title: API_KEY_TEXT.empty }}
        columns={columns}
        rowId={(k) => k.id}
        initialSort={{ key: 'created', dir: 'desc' }}
        pageSize={25}
      />
      <NewKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(key) => {
          setCreating(false);
          setShown(key);
        }}
      />
      {/* The new key, once: a copy button and the warning that it will not be shown again. */}
      <SecretOnceDialog
        secret={shown}
        title="Your new API key"
        warning={API_KEY_TEXT.shownOnce}
        copyLabel="Copy key"
        copyFailed={API_KEY_TEXT.copyFailed}
        testId="api-key-once"
        onClose={() => setShown(null)}
      />
      {confirmDialog}
    </SettingsSectionCard>
  );
}
