import { Alert, Badge, Portal, Box, Button, Dialog, HStack, Stack, Tabs, Text } from '@chakra-ui/react';
import { errorMessage } from '../../api/client.js';
import { DataTable, type Column } from '../../components/DataTable.js';
import { DIALOG_SIZE } from '../../components/DialogFrame.js';
import { formatCount, formatSize, timeAgo } from '../../components/format.js';
import { useOrgClock } from '../../app/time-zone.js';
import { useConfirm } from '../../components/useConfirm.js';
import { useSetTenantSuspended, useTenantDetails, useTenantMetrics } from './api/index.js';
import { errorRateText, statusColor } from './display.js';
import { FeatureManagement } from './FeatureManagement.js';

/** The tenant list's row, as the detail dialog shows it. */
export type Tenant = NonNullable<ReturnType<typeof useTenantMetrics>['data']>['tenants'][number];

/** R-PLAT-5: a tenant's details, features and users, with Suspend / Reactivate. */
export function TenantDialog({ tenant, onClose }: { tenant: Tenant; onClose: () => void }) {
  const { confirm, confirmDialog } = useConfirm();
  const suspended = tenant.status === 'SUSPENDED';
  const setStatus = useSetTenantSuspended({
    success: (_r, _id, suspend) => `${tenant.name} ${suspend ? 'suspended' : 'reactivated'}`,
    failure: (_id, suspend) => (suspend ? 'Failed to suspend tenant' : 'Failed to reactivate tenant'),
  });
  const onStatus = () =>
    void confirm(
      suspended
        ? {
            title: `Reactivate ${tenant.name}?`,
            message: 'Its users can sign in again and its share links work again.',
            confirmLabel: 'Reactivate',
            action: () => setStatus.run(tenant.id, false),
          }
        : {
            title: `Suspend ${tenant.name}?`,
            message:
              "Its users can't sign in, their sessions end within a minute, and its public share links read as expired. Nothing is deleted; you can reactivate it at any time.",
            confirmLabel: 'Suspend',
            destructive: true,
            action: () => setStatus.run(tenant.id, true),
          },
    );
  return (
    // Wider than a form on desktops: the Users table needs its 40rem without a sideways scroll (docs/decisions/0225-layout-at-375-and-1366.md).
    <Dialog.Root
      open
      onOpenChange={(e) => !e.open && onClose()}
      size={{ ...DIALOG_SIZE, lg: 'xl' }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                {tenant.name}{' '}
                <Badge ms="2" colorPalette={statusColor(tenant.status)}>
                  {tenant.status}
                </Badge>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Tabs.Root defaultValue="overview" variant="line" lazyMount>
                <Tabs.List>
                  <Tabs.Trigger value="overview">Overview</Tabs.Trigger>
                  <Tabs.Trigger value="features">Feature Management</Tabs.Trigger>
                  <Tabs.Trigger value="users">Users</Tabs.Trigger>
                </Tabs.List>
                <Tabs.Content value="overview">
                  <TenantOverview tenant={tenant} />
                </Tabs.Content>
                <Tabs.Content value="features">
                  <FeatureManagement tenantId={tenant.id} />
                </Tabs.Content>
                <Tabs.Content value="users">
                  <TenantUsers tenantId={tenant.id} />
                </Tabs.Content>
              </Tabs.Root>
            </Dialog.Body>
            <Dialog.Footer justifyContent="space-between">
              {tenant.status === 'INACTIVE' ? (
                <Box />
              ) : (
                <Button
                  colorPalette={suspended ? 'green' : 'red'}
                  variant={suspended ? 'solid' : 'outline'}
                  onClick={onStatus}
                  loading={setStatus.busy}
                >
                  {suspended ? 'Reactivate tenant' : 'Suspend tenant'}
                </Button>
              )}
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
            </Dialog.Footer>
            {confirmDialog}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function TenantOverview({ tenant }: { tenant: Tenant }) {
  const clock = useOrgClock();
  const m = tenant.metrics;
  const line = (label: string, value: string) => (
    <HStack justify="space-between" key={label}>
      <Text color="fg.muted">{label}</Text>
      <Text>{value}</Text>
    </HStack>
  );
  return (
    <Stack gap="2">
      {tenant.status === 'SUSPENDED' && (
        <Alert.Root status="warning" size="sm">
          <Alert.Content>
            <Alert.Title>Suspended</Alert.Title>
            <Alert.Description>Its users can't sign in and its share links read as expired.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {line('Subdomain', tenant.subdomain)}
      {line('Status', tenant.status)}
      {line('Created', clock.dateTime(tenant.createdAt))}
      {line('Users', `${formatCount(m.totalUsers)} (${formatCount(m.activeUsersToday)} signed in today)`)}
      {line('Items', formatCount(m.totalItems))}
      {line('Active reservations', formatCount(m.activeReservations))}
      {line('Overdue reservations', formatCount(m.overdueReservations))}
      {line('E-mails', `${formatCount(m.emailsToday)} today · ${formatCount(m.emailsMonth)} this month`)}
      {line('API calls (24 h)', formatCount(m.apiCalls24h))}
      {line('Error rate (24 h)', errorRateText(m.errorRate))}
      {line(
        'Database size',
        m.databaseSize === null ? 'Not measured yet' : `~${formatSize(m.databaseSize)} (estimated from counters)`,
      )}
      {line('Health', `${m.healthScore}%`)}
      {m.healthIssues.map((i) => (
        <Alert.Root key={i.message} status={i.severity === 'high' ? 'error' : 'warning'} size="sm">
          <Alert.Content>
            <Alert.Title>{i.message}</Alert.Title>
            <Alert.Description>{i.description}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ))}
    </Stack>
  );
}
function TenantUsers({ tenantId }: { tenantId: string }) {
  const { data, error, isLoading, mutate } = useTenantDetails(tenantId);
  type U = NonNullable<typeof data>['users'][number];
  const columns: Column<U>[] = [
    // Name over username, both whole: the dialog is about 620 px wide, and a truncated username or
    // "10 minutes ag" (docs/decisions/0225-layout-at-375-and-1366.md) tells the operator less than two lines do.
    {
      key: 'name',
      header: 'User',
      width: '40%',
      sortValue: (u) => u.name,
      render: (u) => (
        <Stack gap="0" minW="0" whiteSpace="normal">
          <Text wordBreak="break-word">{u.name}</Text>
          <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
            {u.username}
          </Text>
        </Stack>
      ),
    },
    { key: 'role', header: 'Role', sortValue: (u) => u.role },
    {
      key: 'active',
      header: 'Active',
      render: (u) => <Badge colorPalette={u.isActive ? 'green' : 'gray'}>{u.isActive ? 'Active' : 'Inactive'}</Badge>,
    },
    {
      key: 'last',
      header: 'Last sign-in',
      nowrap: true,
      render: (u) => (u.lastLoginAt ? timeAgo(u.lastLoginAt) : 'Never'),
    },
  ];
  return (
    <DataTable
      label="Users"
      rows={data?.users}
      columns={columns}
      rowId={(u) => u.id}
      loading={isLoading}
      error={
        error
          ? {
              title: 'Failed to load users',
              message: errorMessage(error, 'Failed to load users'),
              onRetry: () => void mutate(),
            }
          : null
      }
      empty={{ title: 'No users found for this organization' }}
    />
  );
}
