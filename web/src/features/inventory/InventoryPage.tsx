import { Heading, Stack, Text } from '@chakra-ui/react';

/** Placeholder until the inventory area lands (its owners replace this file). */
export default function InventoryPage() {
  return (
    <Stack gap="4">
      <Heading as="h1" size="2xl">
        Inventory
      </Heading>
      <Text color="fg.muted">This section is not available yet.</Text>
    </Stack>
  );
}
