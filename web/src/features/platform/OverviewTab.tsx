import { Alert, Badge, Button, Card, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { errorMessage } from '../../api/client.js';
import { formatCount } from '../../components/format.js';
import { useOverviewMetrics, usePlatformHealth } from './api/index.js';

const STATUS_COLOR = { healthy: 'green', degraded: 'orange', unhealthy: 'red' } as const;

function Card1({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Text color="fg.muted" fontSize="sm">{label}</Text>
        <Text fontSize="2xl" fontWeight="bold">{value}</Text>
        {hint && <Text fontSize="xs" color="fg.muted">{hint}</Text>}
      </Card.Body>
    </Card.Root>
  );
}

function Failed({ title, error, retry }: { title: string; error: unknown; retry: () => void }) {
  return (
    <Alert.Root status="error">
      <Alert.Content><Alert.Title>{title}</Alert.Title><Alert.Description>{errorMessage(error, title)}</Alert.Description></Alert.Content>
      <Button size="sm" onClick={retry}>Retry</Button>
    </Alert.Root>
  );
}

/** Document 1 §2 item 1: cards, platform activity and the health summary (first 3 checks, '+N more checks'); refreshed every 60 s. */
export function OverviewTab() {
  const overview = useOverviewMetrics();
  const health = usePlatformHealth();
  const o = overview.data;
  const h = health.data;
  const checks = h ? Object.entries(h.checks) : [];
  return (
    <Stack gap="6">
      {overview.error ? <Failed title="Failed to load platform metrics" error={overview.error} retry={() => void overview.mutate()} /> : (
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
          <Card1 label="Total Tenants" value={o ? formatCount(o.totalTenants) : '…'} hint={o ? `${formatCount(o.activeTenants)} active` : undefined} />
          <Card1 label="Active Users" value={o ? formatCount(o.activeUsers) : '…'} hint="signed in today" />
          <Card1 label="API Calls 24h" value={o ? formatCount(o.apiCalls24h) : '…'} hint="metered, up to 30 s behind" />
          <Card1 label="System Health" value={h ? h.status.charAt(0).toUpperCase() + h.status.slice(1) : '…'} />
        </SimpleGrid>
      )}
      <Card.Root>
        <Card.Header><Text fontWeight="semibold">Platform activity</Text></Card.Header>
        <Card.Body>
          {o ? (
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="2">
              <Text>{formatCount(o.totalUsers)} users</Text>
              <Text>{formatCount(o.totalItems)} inventory items</Text>
              <Text>{formatCount(o.activeReservations)} active reservations</Text>
            </SimpleGrid>
          ) : <Text color="fg.muted">Loading…</Text>}
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Header><Text fontWeight="semibold">Health summary</Text></Card.Header>
        <Card.Body>
          {health.error ? <Failed title="Failed to load health" error={health.error} retry={() => void health.mutate()} /> : h ? (
            <Stack gap="2">
              {checks.slice(0, 3).map(([key, c]) => (
                <HStack key={key} justify="space-between">
                  <Text>{c.name}</Text>
                  <Badge colorPalette={c.status === 'healthy' ? 'green' : 'red'}>{c.status}{c.message ? `: ${c.message}` : ''}</Badge>
                </HStack>
              ))}
              {checks.length > 3 && <Text fontSize="sm" color="fg.muted">+{checks.length - 3} more checks</Text>}
              <Badge alignSelf="start" colorPalette={STATUS_COLOR[h.status]}>Overall: {h.status}</Badge>
            </Stack>
          ) : <Text color="fg.muted">Loading…</Text>}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
