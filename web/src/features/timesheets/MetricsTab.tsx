import { Alert, Avatar, Badge, Box, Button, Card, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { initials } from '../../../../shared/domain/employees.js';
import { MONEY_FIGURES } from '../../../../shared/domain/revenue.js';
import { errorMessage } from '../../api/client.js';
import { EmptyState } from '../../components/EmptyState.js';
import { formatCurrency } from '../../components/format.js';
import { useOrgClock } from '../../app/time-zone.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { Pagination } from '../../components/Pagination.js';
import { useAdminEmployees, type EmployeeMetrics } from './api/index.js';
import { hoursSince } from './location.js';
import { useNow } from './TimesheetsPage.js';
import { StatCard } from '../../components/StatCard.js';

const METRICS_PAGE_SIZE = 10;

/** The current-session box: start and hours elapsed (2 decimals), ticking every 60 s (R-TS-3). */
function CurrentSession({ since }: { since: string }) {
  const now = useNow(60_000);
  const clock = useOrgClock();
  return (
    <Box borderWidth="1px" borderColor="green.muted" bg="green.subtle" rounded="md" p="3">
      <Text fontSize="sm" fontWeight="medium">
        Current session
      </Text>
      <Text fontSize="sm">Started {clock.dateTime(since)}</Text>
      <Text fontSize="sm" data-testid="session-hours">
        {hoursSince(since, now)} hours elapsed
      </Text>
    </Box>
  );
}

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <HStack justify="space-between" fontSize="sm">
      <Text color="fg.muted">{label}</Text>
      <Text fontWeight="medium">{value}</Text>
    </HStack>
  );
}

function EmployeeCard({ e }: { e: EmployeeMetrics }) {
  const clock = useOrgClock();
  const t = e.timesheets;
  const b = e.bookings;
  return (
    <Card.Root data-testid="employee-metrics">
      <Card.Body p="4">
        <Stack gap="3">
          <HStack gap="3" align="start">
            <Avatar.Root size="md">
              <Avatar.Fallback>{initials(e.firstName, e.lastName)}</Avatar.Fallback>
            </Avatar.Root>
            <Stack gap="0" flex="1" minW="0">
              <HStack gap="2" wrap="wrap">
                <Text fontWeight="semibold">{`${e.firstName} ${e.lastName}`}</Text>
                <Badge colorPalette={t.isCurrentlyClockedIn ? 'green' : 'gray'}>
                  {t.isCurrentlyClockedIn ? 'Clocked In' : 'Clocked Out'}
                </Badge>
              </HStack>
              <Text fontSize="sm" color="fg.muted" truncate>
                @{e.username} · {e.email}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                Member since {clock.date(e.createdAt)}
              </Text>
            </Stack>
          </HStack>
          {t.currentSession && <CurrentSession since={t.currentSession.clockIn} />}
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Stack gap="1">
              <Text fontSize="sm" fontWeight="semibold">
                Timesheets
              </Text>
              <Figure label="Total sessions" value={t.totalSessions} />
              <Figure label="Completed sessions" value={t.completedSessions} />
              <Figure label="Total hours" value={t.totalHours.toFixed(2)} />
              <Figure label="This week (last 7 days)" value={t.weeklyHours.toFixed(2)} />
              <Figure label="Sessions with location" value={t.sessionsWithLocation} />
            </Stack>
            <Stack gap="1">
              <Text fontSize="sm" fontWeight="semibold">
                Bookings
              </Text>
              <Figure label="Total" value={b.total} />
              <Figure label="Active" value={b.active} />
              <Figure label="Completed" value={b.completed} />
              <Figure label="Cancelled" value={b.cancelled} />
              <Figure label={MONEY_FIGURES.bookedCompleted} value={formatCurrency(b.totalRevenue)} />
            </Stack>
          </SimpleGrid>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** R-TS-4 Employees, 'Metrics & Performance': summary cards and the paged per-employee list. */
export function MetricsTab() {
  const { data, error, mutate } = useAdminEmployees();
  const [page, setPage] = useState(1);
  if (error)
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Stack gap="2" flex="1">
          <Alert.Title>Error Loading Metrics</Alert.Title>
          <Alert.Description>{errorMessage(error, 'Failed to load employee metrics')}</Alert.Description>
          <Box>
            <Button size="sm" variant="outline" onClick={() => mutate()}>
              Retry
            </Button>
          </Box>
        </Stack>
      </Alert.Root>
    );
  if (!data) return <PageSpinner />;
  const pages = Math.max(1, Math.ceil(data.employees.length / METRICS_PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = data.employees.slice((current - 1) * METRICS_PAGE_SIZE, current * METRICS_PAGE_SIZE);
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        <StatCard label="Total Employees" value={String(data.summary.totalEmployees)} />
        <StatCard label="Currently Clocked In" value={String(data.summary.currentlyClockedIn)} />
        <StatCard label="Active Bookings" value={String(data.summary.totalActiveBookings)} />
        <StatCard label={MONEY_FIGURES.bookedCompleted} value={formatCurrency(data.summary.totalRevenue)} />
      </SimpleGrid>
      {data.employees.length === 0 ? (
        <EmptyState title="No Employees Found" />
      ) : (
        <>
          <Stack gap="3">
            {shown.map((e) => (
              <EmployeeCard key={e.id} e={e} />
            ))}
          </Stack>
          {pages > 1 && <Pagination page={current} totalPages={pages} onChange={setPage} />}
        </>
      )}
    </Stack>
  );
}
