import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Flex,
  Group,
  Heading,
  HStack,
  LinkBox,
  LinkOverlay,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useCallback, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { keyMatches } from '../../api/keys.js';
import type { StatColor } from '../../app/theme.js';
import { ErrorBoundary } from '../../components/ErrorBoundary.js';
import { formatCount, formatCurrency, timeAgo } from '../../components/format.js';
import { useOrgClock } from '../../app/time-zone.js';
import { BoxIcon, CalendarIcon, ChartIcon, UsersIcon } from '../../components/icons.js';
import { PageHeader } from '../../components/PageHeader.js';
import type { ModuleId } from '../../../../shared/domain/modules.js';
import { useModuleAvailability } from '../platform/api/index.js';
import { useAppPath } from '../shell/index.js';
import { useCan } from '../storefront/index.js';
import {
  DASHBOARD_ACTIVE,
  DASHBOARD_STATS,
  useActiveReservations,
  useDashboardStats,
  useLiveUpdates,
} from './api/index.js';
import {
  activeShown,
  isOverdue,
  OVERDUE_TEXT,
  overviewTiles,
  recentActivity,
  type DashboardLayout,
} from './activity.js';
import type { LiveMessage, LiveState } from './live.js';
import { ZERO_STATS } from './stats.js';

const LAYOUT_KEY = 'dashboard-layout';
/** Live events kept for Recent Activity while the page is open. */
const LIVE_KEPT = 20;

function readLayout(): DashboardLayout {
  try {
    return localStorage.getItem(LAYOUT_KEY) === 'compact' ? 'compact' : 'default';
  } catch {
    return 'default';
  }
}

function StatCard(props: {
  to: string;
  label: string;
  value: string;
  hint: string;
  color: StatColor;
  icon: ReactElement;
  loading: boolean;
  compact: boolean;
}) {
  const { to, label, value, hint, color, icon, loading, compact } = props;
  return (
    <LinkBox
      as="article"
      p={compact ? '3' : '5'}
      borderRadius="l3"
      borderWidth="1px"
      borderColor={`statCard.${color}.border`}
      bg={`statCard.${color}.bg`}
      transition="transform 0.15s, box-shadow 0.15s"
      _hover={{ transform: 'translateY(-2px)', shadow: 'md' }}
    >
      <Flex justify="space-between" align="flex-start" gap="3">
        <Stack gap="1">
          <LinkOverlay asChild>
            <RouterLink to={to}>
              <Text fontSize="sm" fontWeight="medium" color={`statCard.${color}.fg`}>
                {label}
              </Text>
            </RouterLink>
          </LinkOverlay>
          <Skeleton loading={loading}>
            <Heading as="p" size={compact ? '2xl' : '3xl'} data-testid={`stat-${label}`}>
              {value}
            </Heading>
          </Skeleton>
          {!compact && (
            <Text fontSize="xs" color="fg.muted">
              {hint}
            </Text>
          )}
        </Stack>
        <Box fontSize={compact ? 'xl' : '2xl'} color={`statCard.${color}.icon`} aria-hidden>
          {icon}
        </Box>
      </Flex>
    </LinkBox>
  );
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-label={title}>
      <Card.Header pb="2">
        <Flex justify="space-between" align="center" gap="2">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          {action}
        </Flex>
      </Card.Header>
      <Card.Body pt="2">{children}</Card.Body>
    </Card.Root>
  );
}

function LiveBadge({ state }: { state: LiveState }) {
  if (state === 'connected')
    return (
      <Badge colorPalette="green" variant="subtle" size="md" aria-live="polite">
        <Box as="span" w="2" h="2" borderRadius="full" bg="green.500" display="inline-block" />
        Live Updates
      </Badge>
    );
  if (state === 'reconnecting' || state === 'error')
    return (
      <Badge colorPalette="orange" variant="subtle" size="md" aria-live="polite">
        Reconnecting…
      </Badge>
    );
  return null;
}

function LoadError({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <Alert.Root status="error" borderRadius="l2" alignItems="flex-start">
      <Alert.Indicator />
      <Stack gap="2" flex="1">
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{message}</Alert.Description>
        <Button size="sm" variant="outline" alignSelf="flex-start" onClick={onRetry}>
          Retry
        </Button>
      </Stack>
    </Alert.Root>
  );
}

/** R-DASH-1: the dashboard, default and compact layouts, every figure from the counters. */
export default function DashboardPage() {
  const appPath = useAppPath();
  const clock = useOrgClock();
  const { mutate } = useSWRConfig();
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
  const on = modules.isOn;
  const statsQuery = useDashboardStats(canViewStats && modules.loaded, modules.disabled);
  const showActive = canViewActivity && on('reservations');
  const activeQuery = useActiveReservations(showActive && modules.loaded);
  const [live, setLive] = useState<LiveMessage[]>([]);

  const refetchStats = useCallback(() => void mutate(keyMatches(DASHBOARD_STATS)), [mutate]);
  const refetchActive = useCallback(() => void mutate(keyMatches(DASHBOARD_ACTIVE)), [mutate]);
  const onEvent = useCallback(
    (m: LiveMessage) => {
      setLive((prev) => [...prev, m].slice(-LIVE_KEPT));
      refetchStats();
      if (m.type.startsWith('reservation-') || m.type === 'payment-processed') refetchActive();
    },
    [refetchStats, refetchActive],
  );
  // The first open finds the numbers just loaded (or cached); a reconnect after a failure refetches them.
  const connectedOnce = useRef(false);
  const onConnected = useCallback(() => {
    if (connectedOnce.current) {
      refetchStats();
      refetchActive();
    }
    connectedOnce.current = true;
  }, [refetchStats, refetchActive]);
  const liveState = useLiveUpdates(onEvent, onConnected);

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
    // Payments' figure, opening the reports page: shown when both are on.
    {
      to: '/reports',
      label: 'Revenue',
      value: formatCurrency(stats.payments.totalAmount),
      hint: 'Payments received',
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
  const now = Date.now();
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
          // Two lines rather than text past the border: "Active Reservations" is wider than half a phone (docs/decisions/layout-at-375-and-1366.md).
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

  const recent = canViewActivity && (
    <ErrorBoundary title="Error loading activity">
      <Section title="Recent Activity">
        {activity.length === 0 ? (
          <Text color="fg.muted">No recent activity</Text>
        ) : (
          <Stack as="ul" gap="1" listStyleType="none" aria-label="Recent activity">
            {activity.map((a) => (
              <Box as="li" key={a.key}>
                <RouterLink to={appPath(a.to)}>
                  <HStack gap="3" py="1.5" px="2" borderRadius="l2" _hover={{ bg: 'bg.muted' }}>
                    <Box w="2" h="2" borderRadius="full" bg={`${a.color}.500`} flexShrink={0} aria-hidden />
                    <Stack gap="0" flex="1" minW="0">
                      <Text fontSize="sm" fontWeight="medium" truncate>
                        {a.title}
                      </Text>
                      {a.detail && (
                        <Text fontSize="xs" color="fg.muted" truncate>
                          {a.detail}
                        </Text>
                      )}
                    </Stack>
                    {a.at && (
                      <Text fontSize="xs" color="fg.muted" flexShrink={0}>
                        {timeAgo(a.at)}
                      </Text>
                    )}
                  </HStack>
                </RouterLink>
              </Box>
            ))}
          </Stack>
        )}
      </Section>
    </ErrorBoundary>
  );

  const activeList = showActive && (
    <ErrorBoundary title="Error loading reservations" onRetry={refetchActive}>
      <Section
        title="Active Reservations"
        action={
          <Button asChild size="xs" variant="ghost" colorPalette="brand">
            <RouterLink to={appPath('/reservations')}>View all</RouterLink>
          </Button>
        }
      >
        {activeError ? (
          <LoadError
            title="Failed to load active reservations"
            message={`Failed to load active reservations: ${activeError.message}`}
            onRetry={refetchActive}
          />
        ) : activeQuery.isLoading ? (
          <Stack gap="2">
            <Skeleton h="10" />
            <Skeleton h="10" />
          </Stack>
        ) : active.length === 0 ? (
          <Text color="fg.muted">No active reservations</Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" aria-label="Active reservations">
            {active.slice(0, activeShown(layout)).map((r) => {
              const overdue = isOverdue(r, now);
              return (
                <Box
                  as="li"
                  key={r.id}
                  p="2.5"
                  borderRadius="l2"
                  borderWidth="1px"
                  borderColor={overdue ? 'red.300' : 'border'}
                  bg={overdue ? 'red.subtle' : undefined}
                >
                  <Flex justify="space-between" gap="2" align="flex-start">
                    <Stack gap="0" minW="0">
                      <Text fontSize="sm" fontWeight="medium" truncate>
                        {r.customerName || r.reservationNumber}
                      </Text>
                      <Text fontSize="xs" color="fg.muted" truncate>
                        {[r.reservationNumber, r.rented].filter(Boolean).join(' · ')}
                      </Text>
                      <Text fontSize="xs" color="fg.muted">
                        {clock.dateTime(r.startTime)} · {r.reservationDuration} h
                      </Text>
                    </Stack>
                    <Stack gap="1" align="flex-end" flexShrink={0}>
                      <Text fontSize="sm" fontWeight="semibold">
                        {formatCurrency(r.totalAmount)}
                      </Text>
                      {overdue && <Badge colorPalette="red">OVERDUE</Badge>}
                    </Stack>
                  </Flex>
                  {overdue && (
                    <Text fontSize="xs" color="red.fg" mt="1">
                      {OVERDUE_TEXT}
                    </Text>
                  )}
                </Box>
              );
            })}
          </Stack>
        )}
      </Section>
    </ErrorBoundary>
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
