import {
  Alert,
  Badge,
  Box,
  Button,
  Container,
  Heading,
  HStack,
  Image,
  Link,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { formatUsd, PUBLIC_RATE_LABEL } from '../../../../shared/domain/pricing.js';
import { publicLoadErrorMessage } from '../../../../shared/domain/share.js';
import { bookableSlots, serviceZone, type Slot, type SlotRef } from '../../../../shared/domain/slots.js';
import { DEFAULT_TIME_ZONE } from '../../../../shared/domain/time.js';
import { ApiRequestError } from '../../api/client.js';
import { deferred, preloadOn, useDeferred, usePreload } from '../../app/deferred.js';
import { formatDay, formatSlotTimes } from '../../components/format.js';
import { usePublicService } from './api/index.js';
import type { BookingAnswer } from './BookingModal.js';
import { ErrorView, PaymentRequired } from './BookingOutcome.js';
import type { PublicSlot } from './publicBooking.js';

// First-load budget (docs/decisions/0173-web-first-load-js.md): the booking form downloads once the service is shown
// and the browser is idle (not while the page still waits for its answer: R-PLAT-11), or when a slot is pointed at or
// picked.
const Booking = deferred(() => import('./BookingModal.js').then((m) => m.BookingModal));
const bookingOnPoint = preloadOn(Booking);

/** Rendered with the service: its first idle moment after that paint fetches the booking form. */
function PreloadBooking() {
  usePreload(Booking);
  return null;
}

/**
 * The photo variants the resize Lambda writes (functions/uploads/resize.ts VARIANT_SIZES: medium 800 px,
 * large 1600 px wide at most): a phone takes the medium one, a wide or dense screen the large one.
 */
function photoSources(urls: { medium?: string; large?: string }) {
  const set = [urls.medium && `${urls.medium} 800w`, urls.large && `${urls.large} 1600w`].filter(Boolean);
  return set.length === 2 ? { srcSet: set.join(', '), sizes: '(min-width: 48rem) 48rem, 100vw' } : {};
}

/**
 * What the page looks like before its answer arrives (R-PLAT-11): the layout and the slots'
 * heading paint with the page's code, so the first paint does not wait for the API.
 */
function ServiceShell() {
  return (
    <Container maxW="3xl" py={{ base: '6', md: '10' }} aria-busy="true" data-testid="public-service-loading">
      <Stack gap="6">
        <Stack gap="3">
          <Skeleton h="10" w="70%" />
          <Skeleton h="5" w="90%" />
          <Skeleton h="7" w="30%" />
        </Stack>
        <Stack gap="3">
          <Heading as="h2" size="lg">
            Available Time Slots
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <Skeleton h="16" />
            <Skeleton h="16" />
          </SimpleGrid>
        </Stack>
      </Stack>
    </Container>
  );
}
// The waitlist form (R-SVC-8) downloads only when someone asks for it.
const WaitlistJoin = deferred(() => import('./WaitlistJoin.js').then((m) => m.WaitlistJoinModal));

/** After a booking attempt: the payment view, or the failure with a way back to the slots. */
type Outcome = { kind: 'paid'; booking: BookingAnswer; slot: Slot } | { kind: 'failed'; message: string };

/**
 * /service/{token}: photo, details, future slots with places, booking, payment instructions (R-BOOK-6).
 * A page of its own, outside the app's shell: every state it shows sits in its one `<main>` landmark (docs/decisions/0020-accessibility-checked-by-axe.md).
 */
export default function PublicServicePage() {
  return (
    <Box as="main" minH="100vh">
      <ServiceView />
    </Box>
  );
}

function ServiceView() {
  const { token = '' } = useParams();
  const { data: service, error, isLoading, mutate } = usePublicService(token);
  const [slot, setSlot] = useState<PublicSlot | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [waitFor, setWaitFor] = useState<SlotRef | null>(null);
  const WaitlistModal = useDeferred(WaitlistJoin, waitFor !== null);
  const BookingModal = useDeferred(Booking, slot !== null);
  // The server sends the zone the slots are in (the service's, else the organization's); customers read it named.
  const zone = service ? serviceZone(service, DEFAULT_TIME_ZONE) : DEFAULT_TIME_ZONE;
  const slots = useMemo(() => (service ? bookableSlots(service.availability, Date.now(), zone) : []), [service, zone]);

  if (isLoading && !service) return <ServiceShell />;
  if (error || !service) {
    const code =
      error instanceof ApiRequestError
        ? ((error.body as { code?: string } | undefined)?.code ?? error.code)
        : undefined;
    return (
      <ErrorView message={publicLoadErrorMessage(error instanceof ApiRequestError ? error.status : undefined, code)} />
    );
  }
  if (outcome?.kind === 'failed') {
    return (
      <ErrorView
        message={outcome.message}
        onBack={() => {
          setOutcome(null);
          // The places may have changed since: read them again.
          void mutate();
        }}
      />
    );
  }
  if (outcome?.kind === 'paid')
    return <PaymentRequired service={service} booking={outcome.booking} slot={outcome.slot} />;
  const s = service;
  const urls = s.photoUrls ?? {};
  const photo = urls.medium ?? urls.large ?? s.photo ?? undefined;
  // R-SET-16: the store's accent colour marks the header; decoration only, so text keeps the theme's contrast.
  const accent = s.storefront?.accentColor || undefined;

  return (
    <Container maxW="3xl" py={{ base: '6', md: '10' }}>
      <PreloadBooking />
      {accent && <Box aria-hidden h="1.5" mb="4" borderRadius="full" bg={accent} data-testid="public-accent" />}
      <Stack gap="6">
        {photo && (
          <Image
            src={photo}
            {...photoSources(urls)}
            alt={s.name}
            fetchPriority="high"
            w="full"
            maxH="360px"
            objectFit="cover"
            borderRadius="l3"
            onError={(e) => (e.currentTarget.style.display = 'none')}
          />
        )}
        <Stack gap="2">
          <Heading as="h1" size="2xl" {...(accent ? { borderLeftWidth: '4px', borderColor: accent, ps: '3' } : {})}>
            {s.name}
          </Heading>
          {s.description && <Text whiteSpace="pre-wrap">{s.description}</Text>}
          {/* R-SVC-13: a service that sells tickets shows their prices, not its rate. */}
          {s.ticketTypes?.length ? (
            <Text fontSize="xl" fontWeight="bold" data-testid="public-rate">
              {s.ticketTypes.map((t) => `${t.name} ${formatUsd(t.rate)}`).join(' · ')}
            </Text>
          ) : (
            <Text fontSize="xl" fontWeight="bold" data-testid="public-rate">
              {formatUsd(s.rate)}{' '}
              <Text as="span" fontSize="md" fontWeight="normal" color="fg.muted">
                {s.rateLabel ?? PUBLIC_RATE_LABEL[s.rateType] ?? ''}
              </Text>
            </Text>
          )}
          {s.location && <Text color="fg.muted">Location: {s.location}</Text>}
        </Stack>
        {s.business && (s.business.name || s.business.address || s.business.phone) && (
          <Stack gap="0" data-testid="public-business" fontSize="sm">
            {s.business.name && <Text fontWeight="semibold">{s.business.name}</Text>}
            {s.business.address && <Text color="fg.muted">{s.business.address}</Text>}
            {s.business.phone && (
              <Link href={`tel:${s.business.phone.replace(/[^\d+]/g, '')}`} color="fg.muted">
                {s.business.phone}
              </Link>
            )}
          </Stack>
        )}
        {s.notes && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Stack gap="1">
              <Alert.Title>Important information</Alert.Title>
              <Alert.Description whiteSpace="pre-wrap">{s.notes}</Alert.Description>
            </Stack>
          </Alert.Root>
        )}
        <Stack gap="3">
          <Heading as="h2" size="lg">
            Available Time Slots
          </Heading>
          {slots.length === 0 && !s.waitlistSlots?.length ? (
            <Box borderWidth="1px" borderStyle="dashed" borderRadius="l3" p="6" textAlign="center">
              <Text fontWeight="semibold">No Available Slots</Text>
            </Box>
          ) : (
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              {slots.map((x) => (
                <Button
                  key={`${x.date}${x.startTime}${x.endTime}`}
                  variant="outline"
                  h="auto"
                  py="3"
                  justifyContent="space-between"
                  onClick={() => setSlot(x)}
                  {...bookingOnPoint}
                  data-testid="slot-button"
                >
                  <Stack gap="0" align="flex-start" minW="0" textAlign="start">
                    <Text fontWeight="semibold" whiteSpace="normal">
                      {formatDay(x.date)}
                    </Text>
                    <Text fontSize="sm" whiteSpace="normal">
                      {formatSlotTimes(x.date, x.startTime, x.endTime, zone)}
                    </Text>
                    {x.rate !== undefined && (x.rate !== s.rate || x.rateType !== s.rateType) && (
                      <Text fontSize="sm" whiteSpace="normal" data-testid="slot-price">
                        {formatUsd(x.rate)} {PUBLIC_RATE_LABEL[x.rateType ?? s.rateType] ?? ''}
                      </Text>
                    )}
                  </Stack>
                  <Badge colorPalette="green" flexShrink={0}>
                    {x.slotsAvailable} left
                  </Badge>
                </Button>
              ))}
            </SimpleGrid>
          )}
          {/* Full future slots take a waitlist (R-SVC-8); the server lists them only when the waitlist is on. */}
          {s.waitlistSlots && s.waitlistSlots.length > 0 && (
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3" data-testid="full-slots">
              {s.waitlistSlots.map((x) => (
                <Stack
                  key={`full${x.date}${x.startTime}${x.endTime}`}
                  borderWidth="1px"
                  borderRadius="l2"
                  p="3"
                  gap="2"
                  data-testid="full-slot"
                >
                  <HStack justify="space-between" align="flex-start">
                    <Stack gap="0" minW="0">
                      <Text fontWeight="semibold">{formatDay(x.date)}</Text>
                      <Text fontSize="sm">{formatSlotTimes(x.date, x.startTime, x.endTime, zone)}</Text>
                    </Stack>
                    <Badge colorPalette="red" flexShrink={0}>
                      Full
                    </Badge>
                  </HStack>
                  <Button size="sm" variant="outline" colorPalette="brand" onClick={() => setWaitFor(x)}>
                    Join the waitlist
                  </Button>
                </Stack>
              ))}
            </SimpleGrid>
          )}
        </Stack>
      </Stack>
      {waitFor && WaitlistModal && (
        <WaitlistModal token={token} service={s} slot={waitFor} onClose={() => setWaitFor(null)} />
      )}
      {slot && BookingModal && (
        <BookingModal
          token={token}
          service={s}
          slot={slot}
          onClose={() => setSlot(null)}
          onBooked={(booking) => {
            setOutcome({ kind: 'paid', booking, slot });
            setSlot(null);
          }}
          onFailed={(message) => {
            setSlot(null);
            setOutcome({ kind: 'failed', message: `Booking failed: ${message}` });
          }}
        />
      )}
    </Container>
  );
}
