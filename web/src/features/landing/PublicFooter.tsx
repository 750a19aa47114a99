import { Box, Container, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

/** R-PLAT-10: the landing footer's twelve links. */
const FOOTER_GROUPS = [
  {
    title: 'Product',
    links: [
      { to: '/features', label: 'Features' },
      { to: '/pricing', label: 'Pricing' },
      { to: '/security', label: 'Security' },
      { to: '/integrations', label: 'Integrations' },
    ],
  },
  {
    title: 'Support',
    links: [
      { to: '/docs', label: 'Documentation' },
      { to: '/help', label: 'Help Center' },
      { to: '/contact', label: 'Contact' },
      { to: '/status', label: 'System Status' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/careers', label: 'Careers' },
      { to: '/privacy', label: 'Privacy Policy' },
      { to: '/terms', label: 'Terms of Service' },
    ],
  },
] as const;

export function PublicFooter() {
  return (
    <Box as="footer" bg="gray.900" color="gray.300" py="12" mt="auto">
      <Container maxW="6xl">
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="8">
          <Stack gap="2" gridColumn={{ base: 'span 2', md: 'auto' }}>
            <Text fontWeight="bold" color="white">
              Rental Management
            </Text>
            <Text fontSize="sm">Business management for rental and service companies.</Text>
          </Stack>
          {FOOTER_GROUPS.map((g) => (
            <Stack key={g.title} as="nav" aria-label={g.title} gap="2">
              <Heading as="h2" size="sm" color="white">
                {g.title}
              </Heading>
              {g.links.map((l) => (
                <Link key={l.to} asChild fontSize="sm" color="gray.300" _hover={{ color: 'white' }}>
                  <RouterLink to={l.to}>{l.label}</RouterLink>
                </Link>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        {/* gray.500 read 3.66:1 on gray.900; gray.400 is above 4.5:1 (docs/decisions/0020-accessibility-checked-by-axe.md). */}
        <Text fontSize="xs" mt="10" color="gray.400">
          © {new Date().getFullYear()} Rental Management. All rights reserved.
        </Text>
      </Container>
    </Box>
  );
}
