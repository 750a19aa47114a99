import { Box, Button, Container, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { InfoPage as InfoPageName } from '../../app/routing.js';
import { INFO_CONTENT } from './infoContent.js';
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

/** The footer's pages (R-PLAT-10): short real pages, else an offer of the demo, so no link leads nowhere. */
export default function InfoPage({ page }: { page: InfoPageName }) {
  const title = TITLES[page];
  const content = INFO_CONTENT[page];
  return (
    <Flex direction="column" minH="100vh" bg="bg">
      <PublicHeader />
      <Box as="main" flex="1" py={{ base: '12', md: '20' }}>
        <Container maxW="3xl">
          <Stack gap="4">
            <Heading as="h1" size="3xl">
              {title}
            </Heading>
            {content ? (
              <>
                <Text color="fg.muted" fontSize="lg">
                  {content.lead}
                </Text>
                {content.sections.map((s) => (
                  <Stack key={s.heading} gap="2" as="section">
                    <Heading as="h2" size="lg">
                      {s.heading}
                    </Heading>
                    {s.paragraphs.map((p) => (
                      <Text key={p}>{p}</Text>
                    ))}
                  </Stack>
                ))}
                <Text color="fg.muted">More questions? A short demo with our team answers them.</Text>
              </>
            ) : (
              <Text color="fg.muted" fontSize="lg">
                The quickest way to learn about this is a short demo with our team, fitted to your business.
              </Text>
            )}
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
