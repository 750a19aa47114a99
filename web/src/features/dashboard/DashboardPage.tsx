import { Badge, Box, Button, Group, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { type ReactElement, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { ModuleId } from '../../../../shared/domain/modules.js';
import { MONEY_FIGURES } from '../../../../shared/domain/revenue.js';
import type { StatColor } from '../../app/theme.js';
import { useOrgClock } from '../../app/time-zone.js';
import { ErrorBoundary } from '../../components/ErrorBoundary.js';
import { formatCount, formatCurrency } from '../../components/format.js';
import { BoxIcon, CalendarIcon, ChartIcon, UsersIcon } from '../../components/icons.js';
import { PageHeader } from '../../components/PageHeader.js';
import { StatCard } from '../../components/StatCard.js';
import { useModuleAvailability } from '../platform/api/index.js';
import { useAppPath } from '../shell/index.js';
import { useCan } from '../storefront/index.js';
import { ActiveReservations } from './ActiveReservations.js';
import { activeShown, type DashboardLayout, overviewTiles, recentActivity } from './activity.js';
import { useActiveReservations, useDashboardStats } from './api/index.js';
import { LiveBadge, LoadError, Section } from './parts.js';
import { RecentActivity } from './RecentActivity.js';
import { ZERO_STATS } from './stats.js';
import { useDashboardLive } from './useDashboardLive.js';

const LAYOUT_KEY = 'dashboard-layout';

function readLayout(): DashboardLayout {
  try {
    return localStorage.getItem(LAYOUT_KEY) === 'compact' ? 'compact' : 'default';
  } catch {
    return 'default';
  }
}

/** R-DASH-1: the dashboard, default and compact layouts, every figure from the counters. */
export default function DashboardPage() {
  const appPath = useAppPath();
  const clock = useOrgClock();
  const canViewStats = useCan('dashboard.viewStats');
  const canViewActivity = useCan('dashboard.viewActivity');
  const [layout, setLayoutState] = useState<DashboardLayout>(readLayout);
  const compact = layout === 'compact';
  const setLayout = (l: DashboardLayout) => {
    setLayoutState(l);
    try {
      localStorage.setItem(LAYOUT_KEY, l);
    } catch {
      /* not remembered */
    }
  };

  // A switched-off module's cards, tiles, quick actions and lists are left out, and their calls are
  // not made (they would answer 403 "not enabled"): the page waits for the module states first.
  const modules = useModuleAvailability();
  // Until the states are known nothing of a module shows: a switched-off module's card must not flash.
  const on = (m: ModuleId) => modules.loaded && modules.isOn(m);
  const statsQuery = useDashboardStats(canViewStats && modules.loaded, modules.disabled);
  const showActive = canViewActivity && on('reservations');
  const activeQuery = useActiveReservations(showActive && modules.loaded);
  const { live, liveState, refetchStats, refetchActive } = useDashboardLive();

  const snapshot = statsQuery.data;
  const stats = snapshot?.stats ?? ZERO_STATS;
  const statsLoading = canViewStats && !snapshot && !statsQuery.error;
  const cards: {
    to: string;
    label: string;
    value: string;
    hint: string;
    color: StatColor;
    icon: ReactElement;
    needs: ModuleId[];
  }[] = [
    {
      to: '/inventory',
      label: 'Inventory Items',
      value: formatCount(stats.inventory.total),
      hint: `${formatCount(stats.inventory.statusCounts.AVAILABLE)} available`,
      color: 'blue',
      icon: <BoxIcon />,
      needs: ['inventory'],
    },
    {
      to: '/reservations',
      label: 'Active Reservations',
      value: formatCount(stats.reservations.active),
      hint: `${formatCount(stats.reservations.total)} in total`,
      color: 'green',
      icon: <CalendarIcon />,
      needs: ['reservations'],
    },
    {
      to: '/customers',
      label: 'Customers',
      value: formatCount(stats.customers.total),
      hint: 'All customers',
      color: 'purple',
      icon: <UsersIcon />,
      needs: [],
    },
    // Payments' figure, opening the reports page: shown when both are on. Named as R-DASH-6 defines it: money
    // collected, refunds already taken off, not what reservations are booked for (the reports' Booked).
    {
      to: '/reports',
      label: MONEY_FIGURES.collected,
      value: formatCurrency(stats.payments.totalAmount),
      hint: `${MONEY_FIGURES.refunded} ${formatCurrency(stats.payments.refundedAmount ?? 0)} already taken off`,
      color: 'orange',
      icon: <ChartIcon />,
      needs: ['payments', 'reports'],
    },
  ];
  const quickActionList = [
    { label: 'New Reservation', to: '/reservations', module: 'reservations' },
    { label: 'Active Reservations', to: '/reservations?status=active', module: 'reservations' },
    { label: 'Daily Report', to: '/reports', module: 'reports' },
    { label: 'Manage Inventory', to: '/inventory', module: 'inventory' },
  ] as const;
  const statsError = canViewStats && statsQuery.error && !snapshot ? (statsQuery.error as Error) : null;

  const activeError = activeQuery.error as Error | undefined;
  const active = activeError ? [] : (activeQuery.data ?? []);
  const activity = recentActivity(snapshot ? snapshot.stats : null, live, on);

  const header = (
    <HStack gap="3" wrap="wrap" justify={{ base: 'flex-start', md: 'flex-end' }}>
      <LiveBadge state={liveState} />
      {snapshot && (
        <Text fontSize="sm" color="fg.muted">
          Last updated: {clock.time(snapshot.at)}
        </Text>
      )}
      {snapshot?.fromCache && (
        <Badge variant="outline" colorPalette="gray">
          Data from cache
        </Badge>
      )}
      <Group attached role="group" aria-label="Layout">
        <Button
          size="xs"
          variant={compact ? 'outline' : 'solid'}
          colorPalette="brand"
          aria-pressed={!compact}
          onClick={() => setLayout('default')}
        >
          Default
        </Button>
        <Button
          size="xs"
          variant={compact ? 'solid' : 'outline'}
          colorPalette="brand"
          aria-pressed={compact}
          onClick={() => setLayout('compact')}
        >
          Compact
        </Button>
      </Group>
    </HStack>
  );

  const statCards = canViewStats && (
    <ErrorBoundary title="Error loading statistics" onRetry={refetchStats}>
      {statsError ? (
        <LoadError
          title="Failed to load statistics"
          message={`Failed to load dashboard statistics: ${statsError.message}`}
          onRetry={refetchStats}
        />
      ) : (
        <SimpleGrid columns={{ base: compact ? 2 : 1, sm: 2, xl: 4 }} gap={compact ? '3' : '4'}>
          {cards
            .filter((c) => c.needs.every(on))
            .map((c) => (
              <StatCard
                key={c.label}
                to={appPath(c.to)}
                label={c.label}
                value={c.value}
                hint={c.hint}
                color={c.color}
                icon={c.icon}
                loading={statsLoading}
                compact={compact}
              />
            ))}
        </SimpleGrid>
      )}
    </ErrorBoundary>
  );

  const tiles = overviewTiles(stats).filter((t) => on(t.module));
  const overview = canViewStats && !statsError && tiles.length > 0 && (
    <ErrorBoundary title="Error loading statistics" onRetry={refetchStats}>
      <Section title="Activity Overview">
        <SimpleGrid columns={{ base: 2, sm: 3, lg: compact ? 6 : 3 }} gap="3">
          {tiles.map((t) => (
            <Box
              key={t.key}
              p={compact ? '2' : '3'}
              borderRadius="l2"
              bg={`statCard.${t.color}.bg`}
              borderWidth="1px"
              borderColor={`statCard.${t.color}.border`}
              textAlign="center"
            >
              <Skeleton loading={statsLoading}>
                <Text fontSize={compact ? 'xl' : '2xl'} fontWeight="bold" color={`statCard.${t.color}.fg`}>
                  {formatCount(t.value)}
                </Text>
              </Skeleton>
              <Text fontSize="xs" color="fg.muted">
                {t.label}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
      </Section>
    </ErrorBoundary>
  );

  const shownActions = quickActionList.filter((a) => on(a.module));
  const quickActions = shownActions.length > 0 && (
    <Section title="Quick Actions">
      <SimpleGrid columns={{ base: 2, md: compact ? 4 : 2 }} gap="2">
        {shownActions.map((a) => (
          // Two lines rather than text past the border: "Active Reservations" is wider than half a phone (docs/decisions/0225-layout-at-375-and-1366.md).
          <Button
            key={a.label}
            asChild
            variant="outline"
            size={compact ? 'sm' : 'md'}
            justifyContent="flex-start"
            whiteSpace="normal"
            textAlign="start"
            h="auto"
            minH={compact ? '8' : '10'}
            py="1.5"
          >
            <RouterLink to={appPath(a.to)}>{a.label}</RouterLink>
          </Button>
        ))}
      </SimpleGrid>
    </Section>
  );

  const recent = canViewActivity && <RecentActivity activity={activity} />;

  const activeList = showActive && (
    <ActiveReservations
      active={active}
      shown={activeShown(layout)}
      loading={activeQuery.isLoading}
      activeError={activeError}
      refetchActive={refetchActive}
    />
  );

  return (
    <Stack gap={compact ? '4' : '6'}>
      <PageHeader title="Dashboard" subtitle="Welcome to your management system" actions={header} />
      {statCards}
      {compact ? (
        <Stack gap="4">
          {overview}
          <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4" alignItems="start">
            {activeList}
            {recent}
            {quickActions}
          </SimpleGrid>
        </Stack>
      ) : (
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
          <Stack gap="6">
            {overview}
            {recent}
          </Stack>
          <Stack gap="6">
            {quickActions}
            {activeList}
          </Stack>
        </SimpleGrid>
      )}
    </Stack>
  );
}
