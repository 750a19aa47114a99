import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Heading,
  HStack,
  Input,
  Link,
  NativeSelect,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { apiKeyBody } from '../../../../shared/contract/routes/api-keys.js';
import {
  API_KEY_ACCESS_LABELS,
  API_KEY_ACCESS_LEVELS,
  type ApiKeyAccessLevel,
} from '../../../../shared/domain/api-keys.js';
import { errorMessage } from '../../api/client.js';
import { useOrgClock } from '../../app/time-zone.js';
import { type Column, DataTable } from '../../components/DataTable.js';
import { DialogFrame, FormDialog } from '../../components/FormDialog.js';
import { FormField } from '../../components/form.js';
import { CheckIcon } from '../../components/icons.js';
import { notify } from '../../components/toaster.js';
import { useConfirm } from '../../components/useConfirm.js';
import { type ApiKeyForm, useCreateApiKey } from './api/create-api-key.js';
import { type ApiKey, useApiKeys } from './api/get-api-keys.js';
import { useRevokeApiKey } from './api/revoke-api-key.js';

/** R-SET-9: how long "Copied" shows (as the calendar feed address's). */
export const COPIED_MS = 2000;
/** The contract as an OpenAPI 3.1 document (functions/health/openapi.ts). */
export const OPENAPI_URL = '/api/openapi.json';

export const API_KEY_TEXT = {
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

/** The new key, once: a copy button and the warning that it will not be shown again. */
function KeyOnce({ apiKeyText, onClose }: { apiKeyText: string | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <DialogFrame
      open={apiKeyText !== null}
      title="Your new API key"
      dirty={false}
      saving={false}
      submitLabel="Done"
      noCancel
      onSubmit={onClose}
      onClose={onClose}
    >
      <Stack gap="3">
        <Alert.Root status="warning" size="sm">
          <Alert.Indicator />
          <Alert.Description>{API_KEY_TEXT.shownOnce}</Alert.Description>
        </Alert.Root>
        <Code p="2" wordBreak="break-all" whiteSpace="normal" data-testid="api-key-once">
          {apiKeyText}
        </Code>
        <Button
          size="sm"
          variant="outline"
          alignSelf="flex-start"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(apiKeyText ?? '');
              setCopied(true);
            } catch {
              notify.error(API_KEY_TEXT.copyFailed);
            }
          }}
        >
          {copied ? (
            <>
              <CheckIcon /> Copied
            </>
          ) : (
            'Copy key'
          )}
        </Button>
      </Stack>
    </DialogFrame>
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
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          aria-label={`Revoke API key ${k.name}`}
          onClick={() =>
            void confirm({
              title: 'Revoke API key',
              message: API_KEY_TEXT.revokeConfirm,
              confirmLabel: 'Revoke',
              destructive: true,
              action: () => revoke.run(k),
            })
          }
        >
          Revoke
        </Button>
      ),
    },
  ];

  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between" align="flex-start" wrap="wrap" gap="3">
          <Stack gap="1" flex="1" minW="16rem">
            <Heading as="h2" size="md">
              {API_KEY_TEXT.title}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {API_KEY_TEXT.intro}
            </Text>
            <Text fontSize="sm">
              Every route is described in the{' '}
              <Link href={OPENAPI_URL} target="_blank" rel="noopener" colorPalette="brand" variant="underline">
                OpenAPI document
              </Link>
              .
            </Text>
          </Stack>
          <Button colorPalette="brand" onClick={() => setCreating(true)} w={{ base: 'full', sm: 'auto' }}>
            Create API key
          </Button>
        </HStack>
      </Card.Header>
      <Card.Body>
        <DataTable
          label="API keys"
          rows={data}
          loading={isLoading}
          error={
            error && !data
              ? {
                  title: API_KEY_TEXT.loadFailed,
                  message: errorMessage(error, 'Please try again.'),
                  onRetry: () => void mutate(),
                }
              : null
          }
          empty={{ title: API_KEY_TEXT.empty }}
          columns={columns}
          rowId={(k) => k.id}
          initialSort={{ key: 'created', dir: 'desc' }}
          pageSize={25}
        />
      </Card.Body>
      <NewKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(key) => {
          setCreating(false);
          setShown(key);
        }}
      />
      <KeyOnce apiKeyText={shown} onClose={() => setShown(null)} />
      {confirmDialog}
    </Card.Root>
  );
}
