import { EmptyState as ChakraEmptyState, VStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A list or page with nothing to show yet. Its title is a heading of `headingLevel` (2 by default: most
 * empty states sit right under the page's h1; Chakra's own h3 skipped a level, docs/decisions/0020-accessibility-checked-by-axe.md).
 */
export function EmptyState({
  title,
  description,
  icon,
  action,
  headingLevel = 2,
}: {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  headingLevel?: 2 | 3 | 4;
}) {
  return (
    <ChakraEmptyState.Root size="md" borderWidth="1px" borderStyle="dashed" borderRadius="l3" bg="bg.subtle">
      <ChakraEmptyState.Content>
        {icon && <ChakraEmptyState.Indicator>{icon}</ChakraEmptyState.Indicator>}
        <VStack textAlign="center">
          <ChakraEmptyState.Title as={`h${headingLevel}`}>{title}</ChakraEmptyState.Title>
          {description && <ChakraEmptyState.Description>{description}</ChakraEmptyState.Description>}
        </VStack>
        {action}
      </ChakraEmptyState.Content>
    </ChakraEmptyState.Root>
  );
}
