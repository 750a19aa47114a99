import { Box, HStack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One label and value line of the details dialog. */
export function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <HStack justify="space-between" align="start" gap="4" py="1" borderBottomWidth="1px" borderColor="border.muted">
      <Text color="fg.muted" fontSize="sm">
        {label}
      </Text>
      <Box textAlign="end" fontSize="sm">
        {children}
      </Box>
    </HStack>
  );
}
