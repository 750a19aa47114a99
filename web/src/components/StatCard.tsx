import { Card, Text } from '@chakra-ui/react';

/** One figure on a summary card: a muted label, the value large, an optional note under it. */
export function StatCard({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card.Root size="sm">
      <Card.Body>
        <Text color="fg.muted" fontSize="sm">
          {label}
        </Text>
        <Text fontSize="2xl" fontWeight="bold">
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
