import {
  Alert,
  Badge,
  Portal,
  Box,
  Button,
  Dialog,
  Flex,
  Heading,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Spinner,
  Stack,
  Switch,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { MODULES, moduleToggleProblem, type ModuleId, type ModuleStates } from '../../../../shared/domain/modules.js';
import { errorMessage } from '../../api/client.js';
import { useMutationAction } from '../../api/mutation.js';
import { DataTable, type Column } from '../../components/DataTable.js';
import { DIALOG_SIZE } from '../../components/DialogFrame.js';
import { formatCount, formatSize, pluralize, timeAgo } from '../../components/format.js';
import { useOrgClock } from '../../app/time-zone.js';
import { useConfirm } from '../../components/useConfirm.js';
import { notify } from '../../components/toaster.js';
import { portalApi, TENANTS, useTenantDetails, useTenantMetrics, useTenantModules } from './api/index.js';
import { ERROR_RATE_ALERT, errorRateText, healthColor, statusColor } from './display.js';
import { StatCard } from '../../components/StatCard.js';

type Tenant = NonNullable<ReturnType<typeof useTenantMetrics>['data']>['tenants'][number];
const STATUSES = ['all', 'ACTIVE', 'TRIAL', 'SUSPENDED', 'INACTIVE'] as const;

/** R-PLAT-5: search, status filter, last updated, Refresh, summary cards, the table, the detail modal. */
export function TenantsTab() {
  const { data, error, isLoading, mutate, isValidating } = useTenantMetrics();
  const clock = useOrgClock();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('all');
  const [openId, setOpenId] = useState<string | null>(null);
  const tenants = data?.tenants;
  // the dialog follows the list, so a suspension shows in both once the list revalidates
  const open = tenants?.find((t) => t.id === openId) ?? null;
  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (tenants ?? []).filter(
      (t) =>
        (status === 'all' || t.status === status) &&
        (!q || t.name.toLowerCase().includes(q) || t.subdomain.toLowerCase().includes(q)),
    );
  }, [tenants, search, status]);
  const sum = (k: 'totalUsers' | 'activeUsersToday') => (tenants ?? []).reduce((s, t) => s + t.metrics[k], 0);

  const columns: Column<Tenant>[] = [
    {
      key: 'org',
      header: 'Organization',
      minWidth: '12rem',
      sortValue: (t) => t.name,
      render: (t) => (
        <Stack gap="0.5" minW="0" whiteSpace="normal">
          <Text fontWeight="medium" wordBreak="break-word">
            {t.name}
          </Text>
          <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
            {t.subdomain}
          </Text>
          <Badge size="xs" alignSelf="start" colorPalette={statusColor(t.status)}>
            {t.status}
          </Badge>
        </Stack>
      ),
    },
    {
      key: 'users',
      header: 'Users',
      sortValue: (t) => t.metrics.totalUsers,
      render: (t) => (
        <Lines main={formatCount(t.metrics.totalUsers)} sub={`${formatCount(t.metrics.activeUsersToday)} today`} />
      ),
    },
    {
      key: 'business',
      header: 'Business',
      render: (t) => (
        <Lines
          main={pluralize(t.metrics.totalItems, 'item', undefined, formatCount)}
          sub={pluralize(t.metrics.activeReservations, 'active reservation', undefined, formatCount)}
        />
      ),
    },
    {
      key: 'emails',
      header: 'Emails',
      sortValue: (t) => t.metrics.emailsMonth,
      render: (t) => (
        <Lines
          main={`${formatCount(t.metrics.emailsToday)} today`}
          sub={`${formatCount(t.metrics.emailsMonth)} this month`}
        />
      ),
    },
    {
      key: 'system',
      header: 'System',
      sortValue: (t) => t.metrics.errorRate ?? -1,
      render: (t) => (
        <Stack gap="0" minW="0" whiteSpace="normal">
          <Text
            color={(t.metrics.errorRate ?? 0) > ERROR_RATE_ALERT ? 'red.600' : undefined}
            fontWeight={(t.metrics.errorRate ?? 0) > ERROR_RATE_ALERT ? 'semibold' : undefined}
          >
            {errorRateText(t.metrics.errorRate)}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {formatCount(t.metrics.apiCalls24h)} calls 24h
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {t.metrics.databaseSize === null
              ? 'Size not measured yet'
              : `~${formatSize(t.metrics.databaseSize)} (est.)`}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'health',
      header: 'Health',
      sortValue: (t) => t.metrics.healthScore,
      nowrap: true,
      render: (t) => (
        <Stack gap="0">
          <Badge alignSelf="start" colorPalette={healthColor(t.metrics.healthScore)}>
            {t.metrics.healthScore}%
          </Badge>
          {t.metrics.issues > 0 && (
            <Text fontSize="xs" color="fg.muted">
              {t.metrics.issues} issue{t.metrics.issues > 1 ? 's' : ''}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      nowrap: true,
      render: (t) => (
        <Button size="xs" variant="outline" onClick={() => setOpenId(t.id)} aria-label={`Details of ${t.name}`}>
          Details
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="5">
      <Flex gap="3" wrap="wrap" align="end">
        <Input
          placeholder="Search by name or subdomain"
          aria-label="Search tenants"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          maxW={{ base: 'full', md: '20rem' }}
        />
        <NativeSelect.Root maxW="12rem">
          <NativeSelect.Field
            aria-label="Status filter"
            value={status}
            onChange={(e) => setStatus(e.target.value as (typeof STATUSES)[number])}
          >
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s === 'all' ? 'All statuses' : s.charAt(0) + s.slice(1).toLowerCase()}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Box flex="1" />
        {data && (
          <Text fontSize="sm" color="fg.muted">
            Last updated {clock.dateTime(data.generatedAt)}
          </Text>
        )}
        {/* A loading button without loadingText hides its label from screen readers too (axe button-name). */}
        <Button size="sm" variant="outline" onClick={() => void mutate()} loading={isValidating} loadingText="Refresh">
          Refresh
        </Button>
      </Flex>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        <StatCard label="Total Tenants" value={formatCount(tenants?.length ?? 0)} />
        <StatCard
          label="Active Tenants"
          value={formatCount((tenants ?? []).filter((t) => t.status === 'ACTIVE').length)}
        />
        <StatCard label="Total Users" value={formatCount(sum('totalUsers'))} />
        <StatCard label="Active Users 24h" value={formatCount(sum('activeUsersToday'))} />
      </SimpleGrid>
      <DataTable
        label="Tenants"
        rows={rows}
        columns={columns}
        rowId={(t) => t.id}
        rowLabel={(t) => t.name}
        loading={isLoading}
        resetKey={`${search}|${status}`}
        error={
          error
            ? {
                title: 'Failed to load tenants',
                message: errorMessage(error, 'Failed to load tenants'),
                onRetry: () => void mutate(),
              }
            : null
        }
        empty={{ title: 'No tenants found matching your criteria.' }}
      />
      {open && <TenantDialog tenant={open} onClose={() => setOpenId(null)} />}
    </Stack>
  );
}

/** A figure and its context on a second, smaller line; wraps inside its column. */
function Lines({ main, sub }: { main: string; sub: string }) {
  return (
    <Stack gap="0" minW="0" whiteSpace="normal">
      <Text wordBreak="break-word">{main}</Text>
      <Text fontSize="xs" color="fg.muted" wordBreak="break-word">
        {sub}
      </Text>
    </Stack>
  );
}

function TenantDialog({ tenant, onClose }: { tenant: Tenant; onClose: () => void }) {
  const { confirm, confirmDialog } = useConfirm();
  const suspended = tenant.status === 'SUSPENDED';
  const setStatus = useMutationAction((suspend: boolean) => portalApi.setTenantSuspended(tenant.id, suspend), {
    success: (_r, suspend) => `${tenant.name} ${suspend ? 'suspended' : 'reactivated'}`,
    failure: (suspend) => (suspend ? 'Failed to suspend tenant' : 'Failed to reactivate tenant'),
    revalidate: [TENANTS, 'platform.overview', 'platform.features'],
  });
  const onStatus = () =>
    void confirm(
      suspended
        ? {
            title: `Reactivate ${tenant.name}?`,
            message: 'Its users can sign in again and its share links work again.',
            confirmLabel: 'Reactivate',
            action: () => setStatus.run(false),
          }
        : {
            title: `Suspend ${tenant.name}?`,
            message:
              "Its users can't sign in, their sessions end within a minute, and its public share links read as expired. Nothing is deleted; you can reactivate it at any time.",
            confirmLabel: 'Suspend',
            destructive: true,
            action: () => setStatus.run(true),
          },
    );
  return (
    // Wider than a form on desktops: the Users table needs its 40rem without a sideways scroll (docs/decisions/layout-at-375-and-1366.md).
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

/** R-PLAT-5, §4, §8: features grouped by category with toggles; the shared rule previews every toggle. */
export function FeatureManagement({ tenantId }: { tenantId: string }) {
  const { data, error, isLoading, mutate } = useTenantModules(tenantId);
  // A refused change leaves the switch's own state flipped while the data is not: a new key puts
  // it back in step, or the next click would only flip it back (docs/decisions/words-and-states.md).
  const [resync, setResync] = useState(0);
  const toggle = useMutationAction(
    (module: ModuleId, enable: boolean) => portalApi.toggleModule(tenantId, module, enable),
    {
      success: (_r, module, enable) =>
        `${MODULES.find((m) => m.id === module)?.displayName ?? module} ${enable ? 'enabled' : 'disabled'} successfully`,
      failure: (_m, enable) => (enable ? 'Failed to enable feature' : 'Failed to disable feature'),
      revalidate: [TENANTS],
    },
  );
  if (isLoading) return <Spinner />;
  if (error || !data) {
    return (
      <Alert.Root status="error">
        <Alert.Content>
          <Alert.Title>Failed to load features</Alert.Title>
        </Alert.Content>
        <Button size="sm" onClick={() => void mutate()}>
          Retry
        </Button>
      </Alert.Root>
    );
  }
  const states = Object.fromEntries(data.modules.map((m) => [m.name, m.enabled])) as ModuleStates;
  const onChange = (id: ModuleId, enable: boolean) => {
    const problem = moduleToggleProblem(states, id, enable);
    if (problem) {
      notify.error(problem);
      setResync((n) => n + 1);
      return;
    }
    void toggle.run(id, enable);
  };
  const categories = [...new Set(data.modules.map((m) => m.category))];
  return (
    <Stack gap="5">
      {categories.map((c) => (
        <Stack key={c} gap="2">
          <Heading as="h3" size="sm">
            {c}
          </Heading>
          {data.modules
            .filter((m) => m.category === c)
            .map((m) => (
              <Flex key={m.name} justify="space-between" align="center" gap="3" borderWidth="1px" rounded="md" p="3">
                <Stack gap="0" minW="0">
                  <Text fontWeight="medium">
                    {m.displayName}
                    {m.isCore && (
                      <Badge ms="2" size="xs">
                        Core
                      </Badge>
                    )}
                  </Text>
                  <Text fontSize="sm" color="fg.muted">
                    {m.description}
                  </Text>
                  {m.dependencies.length > 0 && (
                    <Text fontSize="xs" color="fg.muted">
                      Requires:{' '}
                      {m.dependencies.map((d) => MODULES.find((x) => x.id === d)?.displayName ?? d).join(', ')}
                    </Text>
                  )}
                </Stack>
                <Switch.Root
                  key={`${m.name}-${resync}`}
                  checked={m.enabled}
                  disabled={m.isCore || toggle.busy}
                  onCheckedChange={() => onChange(m.name, !m.enabled)}
                  data-testid={`module-${m.name}`}
                >
                  <Switch.HiddenInput />
                  <Switch.Control>
                    <Switch.Thumb />
                  </Switch.Control>
                  {/* The input's aria-labelledby names this label (docs/decisions/accessibility-checked-by-axe.md). */}
                  <Switch.Label srOnly>{`${m.displayName} enabled`}</Switch.Label>
                </Switch.Root>
              </Flex>
            ))}
        </Stack>
      ))}
    </Stack>
  );
}

function TenantUsers({ tenantId }: { tenantId: string }) {
  const { data, error, isLoading, mutate } = useTenantDetails(tenantId);
  type U = NonNullable<typeof data>['users'][number];
  const columns: Column<U>[] = [
    // Name over username, both whole: the dialog is about 620 px wide, and a truncated username or
    // "10 minutes ag" (docs/decisions/layout-at-375-and-1366.md) tells the operator less than two lines do.
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
