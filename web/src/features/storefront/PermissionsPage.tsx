import { Alert, Box, Button, Card, Checkbox, HStack, List, Stack, Table, Tabs, Text } from '@chakra-ui/react';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PERMISSION_CHANGE_NOTE } from '../../../../shared/domain/settings.js';
import { PERMISSION_GROUPS, type PermissionGroup } from '../../../../shared/domain/permissions.js';
import {
  groupFullyGranted,
  isGrantable,
  isGranted,
  roleFlags,
  setGroup,
  type PermissionPolicy,
  type PolicyRole,
} from '../../../../shared/domain/roles.js';
import { errorMessage } from '../../api/client.js';
import { useUser } from '../../app/SessionProvider.js';
import { DataTable, type Column } from '../../components/DataTable.js';
import { type OrgClock, useOrgClock } from '../../app/time-zone.js';
import { PageHeader } from '../../components/PageHeader.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard.js';
import { useSWRConfig } from 'swr';
import { keyMatches } from '../../api/keys.js';
import { MY_PERMISSIONS } from './api/permissions.js';
import { updatePolicy, usePermissionLogs, usePolicy, type PermissionLog } from './api/index.js';
import { changed } from './hoursRules.js';
import {
  describeChange,
  GROUP_LABELS,
  GROUPS,
  permissionLabel,
  permissionOf,
  POLICY_ROLES,
  ROLE_LABELS,
} from './permissionLabels.js';

export const PERMISSION_TEXT = {
  loadFailed: 'Failed to load permissions',
  saveFailed: 'Failed to update permissions',
  saved: 'Permissions updated',
  noLogs: 'No changes recorded yet.',
  unknownActor: 'Unknown',
} as const;

type Update = (fn: (p: PermissionPolicy) => PermissionPolicy) => void;

function Matrix({ policy, editable, update }: { policy: PermissionPolicy; editable: boolean; update: Update }) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="l2">
      <Table.Root size="sm" stickyHeader>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader minW={{ base: 'auto', md: '48' }}>Permission</Table.ColumnHeader>
            {POLICY_ROLES.map((r) => (
              <Table.ColumnHeader
                key={r}
                textAlign="center"
                minW={{ base: '20', md: '32' }}
                px={{ base: '1', md: '3' }}
              >
                {ROLE_LABELS[r]}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {GROUPS.map((g) => (
            <GroupRows
              key={g}
              group={g}
              employee={policy.EMPLOYEE?.[g]}
              manager={policy.MANAGER?.[g]}
              editable={editable}
              update={update}
            />
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** One group's rows; re-renders only when that group's entries change (84 checkboxes in all). */
const GroupRows = memo(function GroupRows(props: {
  group: PermissionGroup;
  employee: Partial<Record<string, boolean>> | undefined;
  manager: Partial<Record<string, boolean>> | undefined;
  editable: boolean;
  update: Update;
}) {
  const { group, update } = props;
  const policy: PermissionPolicy = { EMPLOYEE: { [group]: props.employee }, MANAGER: { [group]: props.manager } };
  const toggle = (role: PolicyRole, name: string, granted: boolean) =>
    update((p) => ({ ...p, [role]: { ...p[role], [group]: { ...p[role]?.[group], [name]: granted } } }));
  return (
    <>
      <Table.Row bg="bg.muted" data-testid={`group-${group}`}>
        <Table.Cell fontWeight="semibold">{GROUP_LABELS[group]}</Table.Cell>
        {POLICY_ROLES.map((r) => {
          const all = groupFullyGranted(policy, r, group);
          return (
            <Table.Cell key={r} textAlign="center" px={{ base: '1', md: '3' }}>
              <Button
                size="2xs"
                variant="outline"
                disabled={!props.editable}
                aria-label={`${all ? 'Remove All' : 'Grant All'} ${GROUP_LABELS[group]} for ${ROLE_LABELS[r]}`}
                onClick={() => update((p) => setGroup(p, r, group, !all))}
              >
                {all ? 'Remove All' : 'Grant All'}
              </Button>
            </Table.Cell>
          );
        })}
      </Table.Row>
      {(PERMISSION_GROUPS[group] as readonly string[]).map((name) => (
        <Table.Row key={name}>
          <Table.Cell ps={{ base: '3', md: '6' }}>{permissionLabel(name)}</Table.Cell>
          {POLICY_ROLES.map((r) => {
            // A cell the role can never hold (R-AUTH-4) is shown off and greyed out.
            const grantable = isGrantable(r, permissionOf(group, name));
            return (
              <Table.Cell
                key={r}
                textAlign="center"
                px={{ base: '1', md: '3' }}
                title={grantable ? undefined : `Not available to ${ROLE_LABELS[r]}`}
              >
                <Checkbox.Root
                  size="sm"
                  disabled={!props.editable || !grantable}
                  checked={isGranted(policy, r, permissionOf(group, name))}
                  onCheckedChange={(e) => toggle(r, name, e.checked === true)}
                  justifyContent="center"
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  {/* The input's aria-labelledby names this label: without it the reference dangles (docs/decisions/accessibility-checked-by-axe.md). */}
                  <Checkbox.Label srOnly>
                    {`${ROLE_LABELS[r]}: ${GROUP_LABELS[group]} ${permissionLabel(name)}`}
                  </Checkbox.Label>
                </Checkbox.Root>
              </Table.Cell>
            );
          })}
        </Table.Row>
      ))}
    </>
  );
});

const logColumns = (clock: OrgClock): Column<PermissionLog>[] => [
  {
    key: 'time',
    header: 'Time',
    render: (l) => clock.dateTime(l.createdAt),
    sortValue: (l) => l.createdAt,
    nowrap: true,
  },
  { key: 'actor', header: 'Actor', render: (l) => l.actorName || PERMISSION_TEXT.unknownActor },
  {
    key: 'note',
    header: 'Note',
    render: (l) => (
      <Stack gap="1">
        <Text>{l.changeNote}</Text>
        {l.changes.length > 0 && (
          <List.Root fontSize="xs" color="fg.muted" ps="4">
            {l.changes.map((c) => (
              <List.Item key={`${c.role}.${c.permission}`}>
                {describeChange(c as Parameters<typeof describeChange>[0])}
              </List.Item>
            ))}
          </List.Root>
        )}
      </Stack>
    ),
  },
];

function ChangeLog() {
  const { data, error, isLoading, mutate } = usePermissionLogs(true);
  const clock = useOrgClock();
  const columns = useMemo(() => logColumns(clock), [clock]);
  return (
    <DataTable
      label="Permission change log"
      rows={data}
      columns={columns}
      rowId={(l) => l.id}
      loading={isLoading}
      error={
        error
          ? {
              title: 'Failed to load the change log',
              message: errorMessage(error, 'Failed to load the change log'),
              onRetry: () => void mutate(),
            }
          : null
      }
      empty={{ title: PERMISSION_TEXT.noLogs }}
      pageSize={25}
    />
  );
}

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
              <Matrix policy={current} editable={isAdmin && !saving} update={update} />
            </Stack>
          ) : null}
        </Tabs.Content>
        <Tabs.Content value="log">
          <Card.Root variant="outline">
            <Box>
              <ChangeLog />
            </Box>
          </Card.Root>
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
