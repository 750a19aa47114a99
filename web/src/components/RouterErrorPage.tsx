import { Box, Button, Code, Heading, Stack, Text } from '@chakra-ui/react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/** R-PLAT-4: the router's fallback. */
export function RouterErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`.trim()
    : error instanceof Error
      ? error.message
      : String(error ?? '');
  return (
    <Box maxW="2xl" mx="auto" p={{ base: '4', md: '10' }}>
      <Stack gap="4">
        <Heading as="h1" size="xl">
          Unexpected Application Error!
        </Heading>
        <Code p="3" whiteSpace="pre-wrap" colorPalette="red">
          {detail}
        </Code>
        <Text color="fg.muted">Reloading the page usually helps. If it keeps happening, contact support.</Text>
        <Button alignSelf="flex-start" onClick={() => window.location.reload()}>
          Reload page
        </Button>
      </Stack>
    </Box>
  );
}
