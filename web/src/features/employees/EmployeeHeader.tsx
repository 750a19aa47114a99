import { Badge, Box, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { type ReactNode } from 'react';
import { formatPhone, jobMilestones } from '../../../../shared/domain/employees.js';
import { todayIn } from '../../../../shared/domain/time.js';
import { useOrgClock } from '../../app/time-zone.js';
import { CheckIcon } from '../../components/icons.js';
import { type EmployeeDetail } from './api/index.js';

export function Timeline({ startDate }: { startDate: string | null }) {
  const clock = useOrgClock();
  // "Today" is the organization's day, like every day the server counts (docs/decisions/0008-one-time-zone.md).
  const milestones = jobMilestones(startDate, todayIn(clock.zone));
  if (!milestones.length) return <Text color="fg.muted">Set a start date to see the job history.</Text>;
  return (
    <Stack as="ol" gap="3" listStyleType="none" ms="0" aria-label="Job history">
      {milestones.map((m) => (
        <HStack as="li" key={m.label} gap="3" align="start">
          <Box
            mt="1"
            boxSize="4"
            borderRadius="full"
            bg={m.achieved ? 'green.500' : 'border'}
            color="white"
            display="flex"
            alignItems="center"
            justifyContent="center"
          >
            {m.achieved && <CheckIcon width="12" height="12" />}
          </Box>
          <Box>
            <Text fontWeight="medium">{m.label}</Text>
            <Text fontSize="sm" color="fg.muted">
              {clock.date(m.date)}
              {m.achieved ? ' · Completed' : ''}
            </Text>
          </Box>
        </HStack>
      ))}
    </Stack>
  );
}

/** The name, role, status and contact line above the tabs, with the picture. */
export function Header({ e, picture, notice }: { e: EmployeeDetail; picture: ReactNode; notice?: ReactNode }) {
  const label = e.status === 'ACTIVE' ? 'Active' : e.status === 'PENDING' ? 'Pending' : 'Terminated';
  return (
    <Card.Root>
      <Card.Body>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="4" align={{ base: 'start', sm: 'center' }}>
          {picture}
          {/* A long name or e-mail breaks inside the card rather than widening the page at 375 px. */}
          <Stack gap="1" minW="0" maxW="full" wordBreak="break-word">
            <HStack gap="2" wrap="wrap">
              <Text as="h1" fontSize="2xl" fontWeight="bold">
                {e.firstName} {e.lastName}
              </Text>
              <Badge colorPalette={e.status === 'ACTIVE' ? 'green' : e.status === 'PENDING' ? 'orange' : 'red'}>
                {label}
              </Badge>
            </HStack>
            <Text color="fg.muted">
              {e.jobRole || 'Employee'}
              {e.organization ? ` at ${e.organization.name}` : ''}
            </Text>
            <Stack direction={{ base: 'column', sm: 'row' }} gap={{ base: 0, sm: 4 }} fontSize="sm">
              {e.phone && <Text>{formatPhone(e.phone)}</Text>}
              <Text wordBreak="break-all">{e.email}</Text>
            </Stack>
          </Stack>
        </Stack>
        {notice}
      </Card.Body>
    </Card.Root>
  );
}
