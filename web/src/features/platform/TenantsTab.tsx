import { Badge, Box, Button, Flex, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../api/client.js';
import { DataTable, type Column } from '../../components/DataTable.js';
import { formatCount, formatSize, pluralize } from '../../components/format.js';
import { useOrgClock } from '../../app/time-zone.js';
import { useTenantMetrics } from './api/index.js';
import { ERROR_RATE_ALERT, errorRateText, healthColor, statusColor } from './display.js';
import { StatCard } from '../../components/StatCard.js';
import { type Tenant, TenantDialog } from './TenantDialog.js';

const STATUSES = ['all', 'ACTIVE', 'TRIAL', 'SUSPENDED', 'INACTIVE'] as const;

/** R-PLAT-5: search, status filter, last updated, Refresh, summary cards, the table, the detail modal. */
export function TenantsTab() {
  const { data, error, isLoading, mutate } = useTenantMetrics();
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      await mutate();
    } finally {
      setRefreshing(false);
    }
  };
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
        {/* Busy only while a refresh someone asked for runs: a background revalidation (a slow list on a
            busy platform) must not leave the button greyed out. A loading button without loadingText
            hides its label from screen readers too (axe button-name). */}
        <Button size="sm" variant="outline" onClick={() => void refresh()} loading={refreshing} loadingText="Refresh">
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
