import { Alert, Box, Button, Card, HStack, Stack, Tabs, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { PERMISSION_CHANGE_NOTE } from '../../../../shared/domain/settings.js';
import { type PermissionPolicy, roleFlags } from '../../../../shared/domain/roles.js';
import { errorMessage } from '../../api/client.js';
import { keyMatches } from '../../api/keys.js';
import { useUser } from '../../app/SessionProvider.js';
import { PageHeader } from '../../components/PageHeader.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard.js';
import { updatePolicy, usePolicy } from './api/index.js';
import { MY_PERMISSIONS } from './api/permissions.js';
import { changed } from './hoursRules.js';
import { PermissionChangeLog } from './PermissionChangeLog.js';
import { PermissionsMatrix, type Update } from './PermissionsMatrix.js';
import { PERMISSION_TEXT } from './permissionText.js';

/** Users & Permissions (R-SET-5): the matrix for EMPLOYEE and MANAGER, and its change log. */
export default function PermissionsPage() {
  const user = useUser();
  const isAdmin = roleFlags(user).isAdmin;
  const { data, error, isLoading, isValidating, mutate } = usePolicy();
  const { mutate: mutateAll } = useSWRConfig();
  const [draft, setDraft] = useState<PermissionPolicy | null>(null);
  const [tab, setTab] = useState('matrix');
  const [message, setMessage] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const saved = data?.policy ?? null;
  const current = draft ?? saved;
  const update = useCallback<Update>((fn) => setDraft((d) => ((d ?? saved) ? fn((d ?? saved)!) : d)), [saved]);
  const dirty = !!draft && !!saved && changed(draft, saved);

  const refresh = async () => {
    setDraft(null);
    setMessage(null);
    await Promise.all([mutate(), mutateAll(keyMatches('settings.permissions.logs'))]);
  };

  const save = async () => {
    if (!current) return;
    setSaving(true);
    setMessage(null);
    try {
      const res = await updatePolicy(current, PERMISSION_CHANGE_NOTE);
      await mutate({ success: true, policy: res.policy, updatedAt: res.updatedAt }, { revalidate: false });
      setDraft(null);
      void mutateAll(keyMatches('settings.permissions.logs', MY_PERMISSIONS));
      setMessage({ status: 'success', text: PERMISSION_TEXT.saved });
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setMessage(null), 3_000);
    } catch (e) {
      setMessage({ status: 'error', text: errorMessage(e, PERMISSION_TEXT.saveFailed) });
    } finally {
      setSaving(false);
    }
  };

  const actions = (
    <HStack gap="2">
      <Button variant="outline" onClick={() => void refresh()} loading={isValidating && !isLoading} disabled={saving}>
        Refresh
      </Button>
      {isAdmin && (
        <Button
          colorPalette="brand"
          onClick={() => void save()}
          disabled={!dirty || saving}
          loading={saving}
          loadingText="Saving..."
        >
          Save Changes
        </Button>
      )}
    </HStack>
  );

  return (
    <Stack gap="6">
      <UnsavedChangesGuard when={dirty} />
      <PageHeader
        title="Users & Permissions"
        subtitle="What employees and managers may do. Administrators always have every permission."
        actions={actions}
      />
      {message && (
        <Alert.Root status={message.status} role={message.status === 'error' ? 'alert' : 'status'}>
          <Alert.Indicator />
          <Alert.Title>{message.text}</Alert.Title>
        </Alert.Root>
      )}
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)} variant="line" lazyMount>
        <Tabs.List>
          <Tabs.Trigger value="matrix">Permissions Matrix</Tabs.Trigger>
          <Tabs.Trigger value="log">Change Log</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="matrix">
          {isLoading ? (
            <PageSpinner minH="30vh" />
          ) : error && !current ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{PERMISSION_TEXT.loadFailed}</Alert.Title>
              <Button size="xs" variant="outline" ms="auto" onClick={() => void mutate()}>
                Retry
              </Button>
            </Alert.Root>
          ) : current ? (
            <Stack gap="3">
              {!isAdmin && (
                <Text color="fg.muted" fontSize="sm">
                  Only administrators can change permissions.
                </Text>
              )}
              <PermissionsMatrix policy={current} editable={isAdmin && !saving} update={update} />
            </Stack>
          ) : null}
        </Tabs.Content>
        <Tabs.Content value="log">
          <Card.Root variant="outline">
            <Box>
              <PermissionChangeLog />
            </Box>
          </Card.Root>
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
