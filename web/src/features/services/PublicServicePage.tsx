import { Center, Heading, Stack, Text } from '@chakra-ui/react';

/** Placeholder until the services area lands (its owners replace this file). */
export default function PublicServicePage() {
  return (
    <Center minH="100vh" p="6">
      <Stack gap="2" textAlign="center">
        <Heading as="h1" size="xl">
          Service booking
        </Heading>
        <Text color="fg.muted">This section is not available yet.</Text>
      </Stack>
    </Center>
  );
}
