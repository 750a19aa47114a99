import { Box, Flex, Heading, LinkBox, LinkOverlay, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import useSWR from 'swr';
import type { StatColor } from '../../app/theme.js';
import { formatCount, formatCurrency } from '../../components/format.js';
import { BoxIcon, CalendarIcon, ChartIcon, UsersIcon } from '../../components/icons.js';
import { PageHeader } from '../../components/PageHeader.js';
import { useAppPath } from '../shell/tenantBase.js';
import { fetchDashboardStats, STATS_REFRESH_MS, ZERO_STATS } from './stats.js';

function StatCard(props: { to: string; label: string; value: string; hint: string; color: StatColor; icon: ReactElement; loading: boolean }) {
  const { to, label, value, hint, color, icon, loading } = props;
  return (
    <LinkBox
      as="article"
      p="5"
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
            <Heading as="p" size="3xl">
              {value}
            </Heading>
          </Skeleton>
          <Text fontSize="xs" color="fg.muted">
            {hint}
          </Text>
        </Stack>
        <Box fontSize="2xl" color={`statCard.${color}.icon`} aria-hidden>
          {icon}
        </Box>
      </Flex>
    </LinkBox>
  );
}

/** The dashboard header and its four stat cards; the remaining sections arrive in a later issue. */
export default function DashboardPage() {
  const appPath = useAppPath();
  const { data, isLoading } = useSWR('dashboard-stats', fetchDashboardStats, {
    refreshInterval: STATS_REFRESH_MS,
    dedupingInterval: STATS_REFRESH_MS,
    revalidateOnFocus: false,
  });
  const stats = data ?? ZERO_STATS;
  return (
    <Stack gap="6">
      <PageHeader title="Dashboard" subtitle="Welcome to your management system" />
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4">
        <StatCard
          to={appPath('/inventory')}
          label="Inventory Items"
          value={formatCount(stats.inventory.total)}
          hint={`${formatCount(stats.inventory.statusCounts.AVAILABLE)} available`}
          color="blue"
          icon={<BoxIcon />}
          loading={isLoading}
        />
        <StatCard
          to={appPath('/reservations')}
          label="Active Reservations"
          value={formatCount(stats.reservations.active)}
          hint={`${formatCount(stats.reservations.total)} in total`}
          color="green"
          icon={<CalendarIcon />}
          loading={isLoading}
        />
        <StatCard
          to={appPath('/customers')}
          label="Customers"
          value={formatCount(stats.customers.total)}
          hint="All customers"
          color="purple"
          icon={<UsersIcon />}
          loading={isLoading}
        />
        <StatCard
          to={appPath('/reports')}
          label="Revenue"
          value={formatCurrency(stats.payments.totalAmount)}
          hint="Payments received"
          color="orange"
          icon={<ChartIcon />}
          loading={isLoading}
        />
      </SimpleGrid>
    </Stack>
  );
}
