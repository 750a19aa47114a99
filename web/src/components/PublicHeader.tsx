import { Box, Button, Container, Flex, HStack, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { LayersIcon } from './icons.js';

/** `compact`: the name gives way to the header's buttons on phones (the link keeps its accessible name). */
export function BrandMark({ compact = false }: { compact?: boolean }) {
  return (
    <Link
      asChild
      fontWeight="bold"
      fontSize={{ base: 'md', sm: 'lg' }}
      color="fg"
      whiteSpace="nowrap"
      _hover={{ textDecoration: 'none' }}
    >
      <RouterLink to="/" aria-label="Rental Management home">
        <Box as="span" color="brand.solid" display="inline-flex" fontSize="xl">
          <LayersIcon />
        </Box>
        <Text as="span" display={compact ? { base: 'none', sm: 'inline' } : 'inline'}>
          Rental Management
        </Text>
      </RouterLink>
    </Link>
  );
}

export function PublicHeader() {
  return (
    <Box as="header" bg="bg" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky">
      <Container maxW="6xl" px={{ base: '3', sm: '6' }}>
        <Flex h="16" align="center" justify="space-between" gap="3">
          <BrandMark compact />
          <HStack as="nav" aria-label="Account" gap={{ base: '1', sm: '3' }}>
            <Button asChild variant="ghost" size={{ base: 'xs', sm: 'md' }}>
              <RouterLink to="/login">Sign In</RouterLink>
            </Button>
            <Button asChild colorPalette="brand" size={{ base: 'xs', sm: 'md' }}>
              <RouterLink to="/signup">Get Started</RouterLink>
            </Button>
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}
