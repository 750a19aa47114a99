import { Box, Button, Container, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { InfoPage as InfoPageName } from '../../app/routing.js';
import { PublicFooter } from './PublicFooter.js';
import { PublicHeader } from '../../components/PublicHeader.js';

const TITLES: Record<InfoPageName, string> = {
  demo: 'Demo',
  contact: 'Contact Sales',
  features: 'Features',
  pricing: 'Pricing',
  security: 'Security',
  integrations: 'Integrations',
  docs: 'Documentation',
  help: 'Help Center',
  status: 'System Status',
  about: 'About',
  careers: 'Careers',
  privacy: 'Privacy Policy',
  terms: 'Terms of Service',
};

/** The placeholder pages of document 1 §2 (no content yet), so that no landing link leads nowhere. */
export default function InfoPage({ page }: { page: InfoPageName }) {
  const title = TITLES[page];
  return (
    <Flex direction="column" minH="100vh" bg="bg">
      <PublicHeader />
      <Box as="main" flex="1" py={{ base: '12', md: '20' }}>
        <Container maxW="3xl">
          <Stack gap="4">
            <Heading as="h1" size="3xl">
              {title}
            </Heading>
            <Text color="fg.muted" fontSize="lg">
              This page is being written. In the meantime, the quickest way to learn more is a short demo with our team.
            </Text>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
              <Button asChild colorPalette="brand">
                <RouterLink to="/book-demo">Book a Demo</RouterLink>
              </Button>
              <Button asChild variant="outline">
                <RouterLink to="/">Back to home</RouterLink>
              </Button>
            </Stack>
          </Stack>
        </Container>
      </Box>
      <PublicFooter />
    </Flex>
  );
}
