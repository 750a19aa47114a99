import { Alert, Card, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  ON_TIME_DEFINITION,
  PRODUCTIVITY_DEFINITION,
  SAMPLE_PERFORMANCE,
} from '../../../../shared/contract/timesheet-models.js';
import { PageSpinner } from '../../components/PageSpinner.js';
import { usePerformance } from './api/index.js';

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card.Root variant="subtle" title={hint}>
      <Card.Body p="4">
        <Text
          fontSize="xs"
          color="fg.muted"
          textDecoration={hint ? 'underline dotted' : undefined}
          cursor={hint ? 'help' : undefined}
        >
          {label}
        </Text>
        <Text fontSize="xl" fontWeight="bold">
          {value}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

/** R-TS-4, R-TS-1: the six figures from GET /api/users/{id}/performance; the spec's samples only when the call fails. */
export function PerformanceTab({ userId }: { userId: string }) {
  const { data, error } = usePerformance(userId);
  if (!data && !error) return <PageSpinner />;
  const p = data ?? {
    ...SAMPLE_PERFORMANCE,
    definitions: { onTimePercentage: ON_TIME_DEFINITION, productivityScore: PRODUCTIVITY_DEFINITION },
  };
  const onTime = p.onTimePercentage === null ? '—' : `${p.onTimePercentage.toFixed(1)}%`;
  return (
    <Stack gap="3">
      {error && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Description>
            Performance could not be loaded: these are sample figures, not this employee's.
          </Alert.Description>
        </Alert.Root>
      )}
      <SimpleGrid columns={{ base: 2, md: 3 }} gap="3" aria-label="Performance figures">
        <Figure label="Avg Hours / Week" value={p.avgHoursPerWeek.toFixed(1)} />
        <Figure label="Shifts / Week" value={p.shiftsPerWeek.toFixed(1)} />
        <Figure label="Total Shifts" value={String(p.totalShifts)} />
        <Figure
          label="On-Time"
          value={onTime}
          hint={
            p.onTimePercentage === null
              ? `${p.definitions.onTimePercentage} No clock-in fell on a day with opening hours yet.`
              : p.definitions.onTimePercentage
          }
        />
        <Figure
          label="Overtime Hours"
          value={p.overtimeHours.toFixed(1)}
          hint="Hours beyond 40 in a calendar week (Monday to Sunday), added over all weeks."
        />
        <Figure label="Productivity" value={p.productivityScore.toFixed(1)} hint={p.definitions.productivityScore} />
      </SimpleGrid>
      <Text fontSize="xs" color="fg.muted">
        Productivity: {p.definitions.productivityScore}
      </Text>
    </Stack>
  );
}
