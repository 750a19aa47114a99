import { Alert, Badge, Button, Card, Flex, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { errorMessage } from '../../api/client.js';
import { formatCount, pluralize, timeAgo } from '../../components/format.js';
import { useOverviewMetrics, usePlatformHealth } from './api/index.js';

const STATUS_COLOR = { healthy: 'green', degraded: 'orange', unhealthy: 'red' } as const;
const STATUS_LABEL = { healthy: 'Healthy', degraded: 'Degraded', unhealthy: 'Unhealthy' } as const;
const CHECK_COLOR = { healthy: 'green', unhealthy: 'red', 'not-configured': 'gray', pending: 'blue' } as const;
const CHECK_LABEL = {
  healthy: 'Healthy',
  unhealthy: 'Unhealthy',
  'not-configured': 'Not configured',
  pending: 'Not run yet',
} as const;

function Card1({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Text color="fg.muted" fontSize="sm">
          {label}
        </Text>
        <Text fontSize={{ base: 'xl', md: '2xl' }} fontWeight="bold" wordBreak="keep-all">
          {value}
        </Text>
        {hint && (
          <Text fontSize="xs" color="fg.muted">
            {hint}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function Failed({ title, error, retry }: { title: string; error: unknown; retry: () => void }) {
  return (
    <Alert.Root status="error">
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{errorMessage(error, title)}</Alert.Description>
      </Alert.Content>
      <Button size="sm" onClick={retry}>
        Retry
      </Button>
    </Alert.Root>
  );
}

/** R-PLAT-5: cards, platform activity and the health summary (first 3 checks, '+N more checks'); refreshed every 60 s. */
export function OverviewTab() {
  const overview = useOverviewMetrics();
  const health = usePlatformHealth();
  const o = overview.data;
  const h = health.data;
  const checks = h ? Object.entries(h.checks) : [];
  const [all, setAll] = useState(false);
  return (
    <Stack gap="6">
      {overview.error ? (
        <Failed title="Failed to load platform metrics" error={overview.error} retry={() => void overview.mutate()} />
      ) : (
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
          <Card1
            label="Total Tenants"
            value={o ? formatCount(o.totalTenants) : '…'}
            hint={o ? `${formatCount(o.activeTenants)} active` : undefined}
          />
          <Card1 label="Active Users" value={o ? formatCount(o.activeUsers) : '…'} hint="signed in today" />
          <Card1 label="API Calls 24h" value={o ? formatCount(o.apiCalls24h) : '…'} hint="metered, up to 30 s behind" />
          <Card1 label="System Health" value={h ? h.status.charAt(0).toUpperCase() + h.status.slice(1) : '…'} />
        </SimpleGrid>
      )}
      <Card.Root>
        <Card.Header>
          <Text fontWeight="semibold">Platform activity</Text>
        </Card.Header>
        <Card.Body>
          {o ? (
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="2">
              <Text>{pluralize(o.totalUsers, 'user', undefined, formatCount)}</Text>
              <Text>{pluralize(o.totalItems, 'inventory item', undefined, formatCount)}</Text>
              <Text>{pluralize(o.activeReservations, 'active reservation', undefined, formatCount)}</Text>
            </SimpleGrid>
          ) : (
            <Text color="fg.muted">Loading…</Text>
          )}
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Header>
          <Text fontWeight="semibold">Health summary</Text>
        </Card.Header>
        <Card.Body>
          {health.error ? (
            <Failed title="Failed to load health" error={health.error} retry={() => void health.mutate()} />
          ) : h ? (
            <Stack gap="2">
              {(all ? checks : checks.slice(0, 3)).map(([key, c]) => (
                <Flex key={key} justify="space-between" align="start" gap="3" wrap="wrap" data-testid={`health-${key}`}>
                  <Stack gap="0" minW="0" flex="1">
                    <Text>{c.name}</Text>
                    {c.message && (
                      <Text fontSize="xs" color="fg.muted" wordBreak="break-word">
                        {c.message}
                      </Text>
                    )}
                    {c.kind === 'sweep' && (
                      <Text fontSize="xs" color="fg.muted">
                        Every {c.everyMinutes} min · last success{' '}
                        {c.lastSucceededAt ? timeAgo(c.lastSucceededAt) : 'never'}
                      </Text>
                    )}
                  </Stack>
                  <Badge colorPalette={CHECK_COLOR[c.status]}>{CHECK_LABEL[c.status]}</Badge>
                </Flex>
              ))}
              {checks.length > 3 && (
                <Button
                  size="xs"
                  variant="plain"
                  alignSelf="start"
                  px="0"
                  onClick={() => setAll(!all)}
                  aria-expanded={all}
                >
                  {all ? 'Show fewer checks' : `+${checks.length - 3} more checks`}
                </Button>
              )}
              <Text fontSize="xs" color="fg.muted">
                {h.summary.healthy} healthy · {h.summary.unhealthy} unhealthy
                {h.summary.notConfigured ? ` · ${h.summary.notConfigured} not configured` : ''}
                {h.summary.pending ? ` · ${h.summary.pending} not run yet` : ''}
              </Text>
              <Badge alignSelf="start" colorPalette={STATUS_COLOR[h.status]}>
                Overall: {STATUS_LABEL[h.status]}
              </Badge>
            </Stack>
          ) : (
            <Text color="fg.muted">Loading…</Text>
          )}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
