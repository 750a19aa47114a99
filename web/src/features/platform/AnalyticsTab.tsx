import { Alert, Box, Button, Card, HStack, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { errorMessage } from '../../api/client.js';
import { formatCount } from '../../components/format.js';
import { notify } from '../../components/toaster.js';
import { exportUsage, useUsageAnalytics, type UsageRange } from './api/index.js';
import { StatCard } from '../../components/StatCard.js';

const RANGES: { value: UsageRange; label: string }[] = [
  { value: '1d', label: 'Last 24 hours' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
  { value: '1y', label: 'Last year' },
];

interface Point {
  at: string;
  value: number;
}

/** Polyline points for values on a width×height box (the top is the series' maximum, at least 1). */
export function linePoints(values: number[], width: number, height: number): string {
  if (values.length === 0) return '';
  const max = Math.max(1, ...values);
  const stepX = values.length > 1 ? width / (values.length - 1) : 0;
  return values.map((v, i) => `${round(i * stepX)},${round(height - (v / max) * height)}`).join(' ');
}
const round = (n: number) => Math.round(n * 10) / 10;

/** A trend chart in plain SVG: a line over the range, the maximum on the axis, first and last point labels. */
function TrendChart({ title, points, unit, color }: { title: string; points: Point[]; unit: string; color: string }) {
  const chartWidth = 600;
  const chartHeight = 140;
  const values = points.map((p) => p.value);
  const max = Math.max(0, ...values);
  const total = values.reduce((a, b) => a + b, 0);
  return (
    <Card.Root size="sm">
      <Card.Header>
        <Text fontWeight="semibold">{title}</Text>
      </Card.Header>
      <Card.Body>
        <Box as="figure" m="0">
          <svg
            viewBox={`0 0 ${chartWidth} ${chartHeight}`}
            width="100%"
            height="140"
            preserveAspectRatio="none"
            role="img"
            aria-label={`${title}: ${points.length} points, highest ${max}${unit}`}
            data-testid={`chart-${title}`}
          >
            <line x1="0" y1={chartHeight} x2={chartWidth} y2={chartHeight} stroke="currentColor" strokeOpacity="0.2" />
            <line
              x1="0"
              y1="0"
              x2={chartWidth}
              y2="0"
              stroke="currentColor"
              strokeOpacity="0.1"
              strokeDasharray="4 4"
            />
            {points.length > 0 && (
              <polyline
                fill="none"
                stroke={color}
                strokeWidth="2"
                vectorEffect="non-scaling-stroke"
                points={linePoints(values, chartWidth, chartHeight)}
              />
            )}
          </svg>
          <HStack justify="space-between" fontSize="xs" color="fg.muted" mt="1">
            <Text>{points[0]?.at ?? ''}</Text>
            <Text>
              max {formatCount(max)}
              {unit}
              {unit ? '' : ` · total ${formatCount(total)}`}
            </Text>
            <Text>{points.at(-1)?.at ?? ''}</Text>
          </HStack>
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

/** R-PLAT-5: range selector, cards, CSV export, and trend charts of calls, latency and errors. */
export function AnalyticsTab() {
  const [range, setRange] = useState<UsageRange>('7d');
  const [exporting, setExporting] = useState(false);
  const usage = useUsageAnalytics(range);
  const u = usage.data;

  async function onExport() {
    setExporting(true);
    try {
      const csv = await exportUsage(range);
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `usage-analytics-${range}.csv`;
      a.click();
      URL.revokeObjectURL(url);
    } catch (e) {
      notify.error(errorMessage(e, 'Failed to export analytics'));
    } finally {
      setExporting(false);
    }
  }

  return (
    <Stack gap="6">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field aria-label="Range" value={range} onChange={(e) => setRange(e.target.value as UsageRange)}>
            {RANGES.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Button size="sm" variant="outline" onClick={() => void onExport()} loading={exporting}>
          Export CSV
        </Button>
      </HStack>
      {usage.error ? (
        <Alert.Root status="error">
          <Alert.Content>
            <Alert.Title>Failed to load analytics</Alert.Title>
            <Alert.Description>{errorMessage(usage.error, 'Failed to load analytics')}</Alert.Description>
          </Alert.Content>
          <Button size="sm" onClick={() => void usage.mutate()}>
            Retry
          </Button>
        </Alert.Root>
      ) : (
        <>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
            <StatCard label="Total API Calls" value={u ? formatCount(u.totalApiCalls) : '…'} />
            <StatCard label="Avg Response Time" value={u ? `${u.avgResponseTime} ms` : '…'} />
            <StatCard label="Error Rate" value={u ? `${u.errorRate}%` : '…'} />
          </SimpleGrid>
          {u && (
            <SimpleGrid columns={{ base: 1, lg: 3 }} gap="3">
              <TrendChart
                title="API calls"
                unit=""
                color="#3182ce"
                points={u.series.map((p) => ({ at: p.at, value: p.calls }))}
              />
              <TrendChart
                title="Response time"
                unit=" ms"
                color="#805ad5"
                points={u.series.map((p) => ({ at: p.at, value: p.avgResponseTime }))}
              />
              <TrendChart
                title="Errors"
                unit=""
                color="#e53e3e"
                points={u.series.map((p) => ({ at: p.at, value: p.errors }))}
              />
            </SimpleGrid>
          )}
        </>
      )}
    </Stack>
  );
}
