import { Alert, Badge, Button, Card, HStack, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { errorMessage } from '../../api/client.js';
import { formatCount } from '../../components/format.js';
import { type EmailRange, useEmailStats } from './api/index.js';
import { StatCard } from '../../components/StatCard.js';

const RANGES: { value: EmailRange; label: string }[] = [
  { value: '1d', label: 'Last 24 hours' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
];

/** R-PLAT-5: range selector, e-mail stats, the provider panel's fixed text, SMS coming soon. */
export function CommunicationsTab() {
  const [range, setRange] = useState<EmailRange>('7d');
  const stats = useEmailStats(range);
  const s = stats.data;
  const notMeasured = 'needs SES delivery notifications';
  return (
    <Stack gap="6">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Text fontWeight="semibold" fontSize="lg">
          Email
        </Text>
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field aria-label="Range" value={range} onChange={(e) => setRange(e.target.value as EmailRange)}>
            {RANGES.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      {stats.error ? (
        <Alert.Root status="error">
          <Alert.Content>
            <Alert.Title>Failed to load email stats</Alert.Title>
            <Alert.Description>{errorMessage(stats.error, 'Failed to load email stats')}</Alert.Description>
          </Alert.Content>
          <Button size="sm" onClick={() => void stats.mutate()}>
            Retry
          </Button>
        </Alert.Root>
      ) : (
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
          <StatCard label="Total Sent" value={s ? formatCount(s.totalSent) : '…'} />
          <StatCard
            label="Failed"
            value={s ? formatCount(s.failed) : '…'}
            hint={s ? `${s.failureRate}% failure rate` : undefined}
          />
          <StatCard
            label="Delivered"
            value={s ? (s.delivered === null ? '—' : formatCount(s.delivered)) : '…'}
            hint={s?.deliveryRate === null ? notMeasured : s ? `${s.deliveryRate}%` : undefined}
          />
          <StatCard
            label="Bounced"
            value={s ? (s.bounced === null ? '—' : formatCount(s.bounced)) : '…'}
            hint={s?.bounceRate === null ? notMeasured : s ? `${s.bounceRate}%` : undefined}
          />
        </SimpleGrid>
      )}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <Card.Root size="sm">
          <Card.Header>
            <Text fontWeight="semibold">Email provider</Text>
          </Card.Header>
          <Card.Body>
            <Stack gap="1" fontSize="sm">
              <Text>Amazon SES</Text>
              <Text>Sending rate: 100 requests per second</Text>
              <Text>Daily quota: 10,000 emails</Text>
              <Text data-testid="used-today">
                Used today: {s ? `${formatCount(s.usedToday)} of ${formatCount(s.dailyQuota)}` : '…'}
              </Text>
            </Stack>
          </Card.Body>
        </Card.Root>
        <Card.Root size="sm">
          <Card.Header>
            <HStack justify="space-between">
              <Text fontWeight="semibold">SMS integration</Text>
              <Badge colorPalette="gray">Coming soon</Badge>
            </HStack>
          </Card.Header>
          <Card.Body>
            <Text fontSize="sm" color="fg.muted">
              Text-message reminders and notifications are not available yet.
            </Text>
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
    </Stack>
  );
}
