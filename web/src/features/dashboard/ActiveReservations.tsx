import { Badge, Box, Button, Flex, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useOrgClock } from '../../app/time-zone.js';
import { ErrorBoundary } from '../../components/ErrorBoundary.js';
import { formatCurrency } from '../../components/format.js';
import { useAppPath } from '../shell/index.js';
import { type ActiveReservation, isOverdue, OVERDUE_TEXT } from './activity.js';
import { LoadError, Section } from './parts.js';

/** The active reservations list, overdue ones marked, the first `shown` of them. */
export function ActiveReservations(props: {
  active: ActiveReservation[];
  shown: number;
  loading: boolean;
  activeError: Error | undefined;
  refetchActive: () => void;
}) {
  const { active, shown, loading, activeError, refetchActive } = props;
  const appPath = useAppPath();
  const clock = useOrgClock();
  const now = Date.now();
  return (
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
        ) : loading ? (
          <Stack gap="2">
            <Skeleton h="10" />
            <Skeleton h="10" />
          </Stack>
        ) : active.length === 0 ? (
          <Text color="fg.muted">No active reservations</Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" aria-label="Active reservations">
            {active.slice(0, shown).map((r) => {
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
}
