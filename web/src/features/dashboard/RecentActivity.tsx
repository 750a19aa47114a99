import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorBoundary } from '../../components/ErrorBoundary.js';
import { timeAgo } from '../../components/format.js';
import { useAppPath } from '../shell/index.js';
import type { ActivityItem } from './activity.js';
import { Section } from './parts.js';

/** Recent Activity: the counters' latest rows and the live events of this visit, newest first. */
export function RecentActivity({ activity }: { activity: ActivityItem[] }) {
  const appPath = useAppPath();
  return (
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
}
