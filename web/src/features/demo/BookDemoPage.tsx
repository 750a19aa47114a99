import { Box, Button, Card, Container, Flex, Heading, Link, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { deferred, useDeferred, usePreload } from '../../app/deferred.js';
import { ArrowLeftIcon, CheckIcon } from '../../components/icons.js';
import { PublicHeader } from '../../components/PublicHeader.js';
import { schedulingUrl } from './demo.js';

// First-load budget (docs/decisions/0173-web-first-load-js.md, docs/decisions/0133-house-lean-bundles-fifth-pass-issue-27.md: public pages 200 KB): the form (react-hook-form
// and zod, ~45 KB gzip) is its own chunk, downloaded once the page has painted (when the browser is
// idle, at most 2 s later), not on the critical path of the intro.
const DemoRequestForm = deferred(() => import('./DemoRequestForm.js').then((m) => m.DemoRequestForm));

const BENEFITS = [
  'A 30-minute walkthrough tailored to your business',
  'See reservations, inventory and payments working together',
  'Get answers about set-up, pricing and migrating your data',
  'No commitment and no credit card',
];

export default function BookDemoPage() {
  // R-PLAT-6: editing, submitting (inside the form), submitted (the thank-you screen).
  const [submittedBy, setSubmittedBy] = useState<string | null>(null);
  usePreload(DemoRequestForm);
  const Form = useDeferred(DemoRequestForm);

  return (
    <Flex direction="column" minH="100vh" bg="bg.canvas">
      <PublicHeader />
      <Container as="main" maxW="6xl" py={{ base: '8', md: '14' }}>
        <Link asChild color="fg.muted" mb="6" fontSize="sm">
          <RouterLink to="/">
            <ArrowLeftIcon /> Back to home
          </RouterLink>
        </Link>
        {submittedBy !== null ? (
          <Card.Root maxW="2xl" mx="auto" role="status">
            <Card.Body gap="4" textAlign="center" alignItems="center">
              <Flex
                w="14"
                h="14"
                borderRadius="full"
                bg="green.subtle"
                color="green.fg"
                align="center"
                justify="center"
                fontSize="2xl"
              >
                <CheckIcon />
              </Flex>
              <Heading as="h1" size="2xl">
                Thank you, {submittedBy}!
              </Heading>
              <Text color="fg.muted">
                We opened our scheduling page in a new tab so you can pick a time for your 30-minute demo. If it did not
                open, use the button below.
              </Text>
              <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
                <Button asChild colorPalette="brand">
                  <a href={schedulingUrl()} target="_blank" rel="noopener noreferrer">
                    Open scheduling page
                  </a>
                </Button>
                <Button asChild variant="outline">
                  <RouterLink to="/">Back to home</RouterLink>
                </Button>
              </Stack>
            </Card.Body>
          </Card.Root>
        ) : (
          <SimpleGrid columns={{ base: 1, lg: 5 }} gap={{ base: '8', lg: '12' }}>
            <Stack gap="5" gridColumn={{ lg: 'span 2' }}>
              <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
                Book a Demo
              </Heading>
              <Text color="fg.muted" fontSize="lg">
                See how the platform fits your business in a 30-minute session with our team.
              </Text>
              <List.Root listStyle="none" gap="3">
                {BENEFITS.map((b) => (
                  <List.Item key={b} display="flex" gap="3" alignItems="flex-start">
                    <Box as="span" color="green.fg" mt="1" aria-hidden>
                      <CheckIcon />
                    </Box>
                    {b}
                  </List.Item>
                ))}
              </List.Root>
            </Stack>
            <Card.Root gridColumn={{ lg: 'span 3' }}>
              <Card.Body>{Form ? <Form onSubmitted={setSubmittedBy} /> : <Box minH="xl" aria-busy="true" />}</Card.Body>
            </Card.Root>
          </SimpleGrid>
        )}
      </Container>
    </Flex>
  );
}
