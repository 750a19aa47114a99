import { Box, Card, Center, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { BrandMark } from '../../components/PublicHeader.js';

export function AuthLayout({
  title,
  subtitle,
  children,
  maxW = 'md',
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  maxW?: string;
}) {
  return (
    <Center as="main" minH="100vh" bg="bg.canvas" px="4" py="10">
      <Box w="full" maxW={maxW}>
        <Center mb="6">
          <BrandMark />
        </Center>
        <Card.Root>
          <Card.Body>
            <Stack gap="1" mb="6">
              <Heading as="h1" size="xl">
                {title}
              </Heading>
              {subtitle && <Text color="fg.muted">{subtitle}</Text>}
            </Stack>
            {children}
          </Card.Body>
        </Card.Root>
      </Box>
    </Center>
  );
}
