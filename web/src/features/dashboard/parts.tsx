import { Alert, Badge, Box, Button, Card, Flex, Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { LiveState } from './live.js';

export function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card.Root as="section" aria-label={title}>
      <Card.Header pb="2">
        <Flex justify="space-between" align="center" gap="2">
          <Heading as="h2" size="md">
            {title}
          </Heading>
          {action}
        </Flex>
      </Card.Header>
      <Card.Body pt="2">{children}</Card.Body>
    </Card.Root>
  );
}

export function LiveBadge({ state }: { state: LiveState }) {
  if (state === 'connected')
    return (
      <Badge colorPalette="green" variant="subtle" size="md" aria-live="polite">
        <Box as="span" w="2" h="2" borderRadius="full" bg="green.500" display="inline-block" />
        Live Updates
      </Badge>
    );
  if (state === 'reconnecting' || state === 'error')
    return (
      <Badge colorPalette="orange" variant="subtle" size="md" aria-live="polite">
        Reconnecting…
      </Badge>
    );
  return null;
}

export function LoadError({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <Alert.Root status="error" borderRadius="l2" alignItems="flex-start">
      <Alert.Indicator />
      <Stack gap="2" flex="1">
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{message}</Alert.Description>
        <Button size="sm" variant="outline" alignSelf="flex-start" onClick={onRetry}>
          Retry
        </Button>
      </Stack>
    </Alert.Root>
  );
}
