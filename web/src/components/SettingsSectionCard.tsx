import { Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A settings section as a card: a title, a muted description (plus any `details` under it) and an
 * optional header action (a "Create ..." button) that wraps below the text on narrow screens.
 * Dialogs may go in `children`: they render in a portal.
 */
export function SettingsSectionCard(props: {
  title: string;
  description: string;
  details?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between" align="flex-start" wrap="wrap" gap="3">
          <Stack gap="1" flex="1" minW="16rem">
            <Heading as="h2" size="md">
              {props.title}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {props.description}
            </Text>
            {props.details}
          </Stack>
          {props.action}
        </HStack>
      </Card.Header>
      <Card.Body>{props.children}</Card.Body>
    </Card.Root>
  );
}
