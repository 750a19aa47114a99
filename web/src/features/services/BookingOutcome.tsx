import { Alert, Badge, Button, Card, Center, Container, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { formatPercent } from '../../../../shared/domain/money.js';
import { formatUsd } from '../../../../shared/domain/pricing.js';
import { UNPAID_HOLD_HOURS } from '../../../../shared/domain/share.js';
import { isMobileUserAgent, paymentLinks } from '../../../../shared/domain/share-payment.js';
import { serviceZone, slotStart, type SlotRef } from '../../../../shared/domain/slots.js';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../../shared/domain/storefront.js';
import { DEFAULT_TIME_ZONE } from '../../../../shared/domain/time.js';
import { formatDateTime, formatSlot } from '../../components/format.js';
import type { BookingAnswer } from './BookingModal.js';
import type { PublicService } from './publicBooking.js';

/** The share page's ends (R-BOOK-2, R-BOOK-6): a link or booking that failed, and the payment instructions. */
export function ErrorView({ message, onBack }: { message: string; onBack?: () => void }) {
  return (
    <Center minH="70vh" px="4">
      <Stack gap="3" textAlign="center" maxW="md" align="center">
        <Heading as="h1" size="xl">
          Service Not Available
        </Heading>
        <Text color="fg.muted" data-testid="public-error">
          {message}
        </Text>
        {/* docs/decisions/0171-web-dates-on-the-public-page.md: a failed booking is not a dead end. */}
        {onBack && (
          <Button colorPalette="brand" onClick={onBack}>
            Back to available times
          </Button>
        )}
      </Stack>
    </Center>
  );
}

/** Also the end of a waitlist offer's booking (WaitlistOfferPage.tsx): the same view, R-SVC-9. */
export function PaymentRequired({
  service,
  booking,
  slot,
}: {
  service: Pick<PublicService, 'name' | 'timeZone' | 'storefront'>;
  booking: BookingAnswer;
  slot: SlotRef;
}) {
  const { payment, reservation } = booking;
  const mobile = typeof navigator !== 'undefined' && isMobileUserAgent(navigator.userAgent);
  const links = paymentLinks(payment.paymentMethods ?? {}, payment.totalDue, payment.paymentNote, { mobile });
  const zelle = payment.paymentMethods?.zelle;
  const zone = serviceZone(service, DEFAULT_TIME_ZONE);
  const inPerson = storePayment(service.storefront);
  // A booking made within a day of its start is due at the start (R-BOOK-6): say so, not "24 hours".
  const dueAtStart = Date.parse(payment.dueBy) >= slotStart(slot, zone);
  return (
    <Container maxW="lg" py="10">
      <Card.Root>
        <Card.Body gap="4">
          <HStack justify="space-between">
            <Heading as="h1" size="lg">
              Payment Required
            </Heading>
            <Badge colorPalette="orange">Pending Payment</Badge>
          </HStack>
          <Text>
            Thank you! Your booking for <b>{service.name}</b> is reserved.
          </Text>
          <Text data-testid="paid-slot">{formatSlot(slot.date, slot.startTime, slot.endTime, zone)}</Text>
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Description>
              Your reservation is pending payment and will be cancelled automatically if payment is not received{' '}
              {dueAtStart ? 'before the service starts.' : `within ${UNPAID_HOLD_HOURS} hours.`}
            </Alert.Description>
          </Alert.Root>
          <Stack gap="1">
            <Text>
              Reservation number: <b data-testid="reservation-number">{reservation.reservationNumber}</b>
            </Text>
            <Text>
              Total due: <b data-testid="total-due">{formatUsd(payment.totalDue)}</b>
              {payment.taxAmount
                ? ` (includes ${formatUsd(payment.taxAmount)} tax at ${formatPercent(payment.taxRate)})`
                : ''}
            </Text>
            <Text>
              Pay by: <b>{formatDateTime(payment.dueBy, zone, { zoneName: true })}</b>
            </Text>
          </Stack>
          {links.length || zelle ? (
            <Stack gap="2">
              <Text fontWeight="semibold">How to pay</Text>
              {links.map((l) => (
                <Button key={l.method} asChild colorPalette="brand" variant="outline">
                  <Link href={l.href} target="_blank" rel="noopener noreferrer" data-testid={`pay-${l.method}`}>
                    {l.label} ({l.handle})
                  </Link>
                </Button>
              ))}
              {zelle && (
                <Text data-testid="pay-zelle">
                  Zelle: <b>{zelle}</b>
                </Text>
              )}
              <Text fontSize="sm" color="fg.muted">
                Include this note with your payment: {payment.paymentNote}
              </Text>
            </Stack>
          ) : inPerson ? null : (
            <Text>Payment instructions will be sent to your email.</Text>
          )}
          {inPerson && (
            <Stack gap="1" data-testid="store-payment">
              <Text fontWeight="semibold">Paying in person</Text>
              {inPerson.ways && <Text>We accept: {inPerson.ways}</Text>}
              {inPerson.instructions && <Text whiteSpace="pre-wrap">{inPerson.instructions}</Text>}
            </Stack>
          )}
        </Card.Body>
      </Card.Root>
    </Container>
  );
}

/** R-SET-17: the store's in-person payment ways and instructions, or null when it has set none. */
function storePayment(s: PublicService['storefront']) {
  if (!s) return null;
  const ways = s.paymentMethods
    .map((m) => PAYMENT_METHOD_LABELS[m as PaymentMethod])
    .filter(Boolean)
    .join(', ');
  const instructions = s.paymentInstructions.trim();
  return ways || instructions ? { ways, instructions } : null;
}
