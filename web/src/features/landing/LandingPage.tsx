import { Badge, Box, Button, Container, Flex, Heading, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  BoltIcon,
  BoxIcon,
  CalendarIcon,
  ChartIcon,
  ClockIcon,
  DollarIcon,
  LayersIcon,
  ShieldIcon,
} from '../../components/icons.js';
import { PublicFooter } from './PublicFooter.js';
import { PublicHeader } from '../../components/PublicHeader.js';

const REASONS = [
  {
    icon: <LayersIcon />,
    title: 'Only what you need',
    text: 'Turn on the modules your business uses and leave the rest switched off.',
  },
  {
    icon: <ShieldIcon />,
    title: 'Your data stays yours',
    text: 'Every business runs in its own space; no tenant can see another’s data.',
  },
  {
    icon: <BoltIcon />,
    title: 'Live at a glance',
    text: 'The dashboard updates as reservations, returns and payments happen.',
  },
];

const SERVICES: { icon: ReactNode; title: string; points: string[] }[] = [
  {
    icon: <CalendarIcon />,
    title: 'Rental Management',
    points: ['Reservations', 'Inventory tracking', 'Payment processing', 'Customer records'],
  },
  { icon: <DollarIcon />, title: 'Point of Sale', points: ['Fast checkout', 'Receipts', 'Daily totals'] },
  { icon: <ChartIcon />, title: 'Analytics & Reports', points: ['Revenue', 'Utilisation', 'Customer activity'] },
  {
    icon: <ClockIcon />,
    title: 'Time Tracking',
    points: ['Employee time with GPS verification', 'Payroll integration', 'Scheduling'],
  },
  {
    icon: <BoxIcon />,
    title: 'Inventory Management',
    points: ['Real-time tracking', 'Automated reordering', 'Multi-location'],
  },
  { icon: <LayersIcon />, title: 'Custom Modules', points: ['Built around your workflow', 'Enabled per business'] },
];

function IconBubble({ children }: { children: ReactNode }) {
  return (
    <Flex
      w="10"
      h="10"
      align="center"
      justify="center"
      borderRadius="l2"
      bg="brand.subtle"
      color="brand.fg"
      fontSize="xl"
    >
      {children}
    </Flex>
  );
}

export default function LandingPage() {
  return (
    <Flex direction="column" minH="100vh" bg="bg">
      <PublicHeader />
      <Box as="main" flex="1">
        <Box
          as="section"
          aria-labelledby="hero-title"
          bgGradient="to-b"
          gradientFrom="brand.subtle"
          gradientTo="bg"
          py={{ base: '14', md: '24' }}
        >
          <Container maxW="4xl" textAlign="center">
            <Badge colorPalette="brand" variant="subtle" mb="4">
              For rental and service businesses
            </Badge>
            <Heading
              id="hero-title"
              as="h1"
              fontSize={{ base: '3xl', md: '5xl' }}
              lineHeight="1.15"
              letterSpacing="tight"
            >
              Run your whole rental business from one place
            </Heading>
            <Text mt="5" fontSize={{ base: 'md', md: 'xl' }} color="fg.muted">
              Reservations, inventory, payments, staff and reports — enable only the features you need, on your own
              branded address.
            </Text>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3" justify="center" mt="8">
              <Button asChild size="lg" colorPalette="brand">
                <RouterLink to="/signup">Start Free Trial</RouterLink>
              </Button>
              <Button asChild size="lg" variant="outline" colorPalette="brand">
                <RouterLink to="/book-demo">Book a Demo</RouterLink>
              </Button>
            </Stack>
          </Container>
        </Box>

        <Box as="section" aria-labelledby="why-title" py={{ base: '12', md: '20' }}>
          <Container maxW="6xl">
            <Heading id="why-title" as="h2" size="2xl" textAlign="center" mb="10">
              Why businesses choose us
            </Heading>
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
              {REASONS.map((r) => (
                <Stack key={r.title} gap="3" p="6" borderWidth="1px" borderRadius="l3" bg="bg.panel">
                  <IconBubble>{r.icon}</IconBubble>
                  <Heading as="h3" size="md">
                    {r.title}
                  </Heading>
                  <Text color="fg.muted">{r.text}</Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Container>
        </Box>

        <Box as="section" aria-labelledby="services-title" py={{ base: '12', md: '20' }} bg="bg.subtle">
          <Container maxW="6xl">
            <Heading id="services-title" as="h2" size="2xl" textAlign="center" mb="3">
              Everything a rental business runs on
            </Heading>
            <Text textAlign="center" color="fg.muted" mb="10">
              Start with the essentials and add modules as you grow.
            </Text>
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="6">
              {SERVICES.map((s) => (
                <Stack key={s.title} gap="3" p="6" borderRadius="l3" bg="bg.panel" shadow="xs">
                  <IconBubble>{s.icon}</IconBubble>
                  <Heading as="h3" size="md">
                    {s.title}
                  </Heading>
                  <List.Root ps="4" color="fg.muted" gap="1">
                    {s.points.map((p) => (
                      <List.Item key={p}>{p}</List.Item>
                    ))}
                  </List.Root>
                </Stack>
              ))}
            </SimpleGrid>
          </Container>
        </Box>

        <Box
          as="section"
          aria-labelledby="cta-title"
          bg="brand.solid"
          color="brand.contrast"
          py={{ base: '12', md: '16' }}
        >
          <Container maxW="4xl" textAlign="center">
            <Heading id="cta-title" as="h2" size="2xl">
              Ready to get started?
            </Heading>
            <Text mt="3" opacity={0.9}>
              Set up your business in minutes, or talk to us about what you need.
            </Text>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3" justify="center" mt="6">
              <Button asChild size="lg" bg="white" color="brand.700" _hover={{ bg: 'brand.50' }}>
                <RouterLink to="/signup">Start Your Free Trial</RouterLink>
              </Button>
              <Button
                asChild
                size="lg"
                variant="outline"
                color="white"
                borderColor="whiteAlpha.700"
                _hover={{ bg: 'whiteAlpha.200' }}
              >
                <RouterLink to="/contact">Contact Sales</RouterLink>
              </Button>
            </Stack>
          </Container>
        </Box>
      </Box>
      <PublicFooter />
    </Flex>
  );
}
