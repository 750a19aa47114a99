import { Alert, Badge, Box, Button, Card, Center, Checkbox, CloseButton, Container, Dialog, Field, Heading, HStack, Image, Input, Link, NativeSelect, Portal, SimpleGrid, Spinner, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMemo, useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { formatUsd, PUBLIC_RATE_LABEL } from '../../../../shared/domain/pricing.js';
import { publicLoadErrorMessage, UNPAID_HOLD_HOURS } from '../../../../shared/domain/share.js';
import { isMobileUserAgent, paymentLinks, type PaymentMethods } from '../../../../shared/domain/share-payment.js';
import { bookableSlots, clampParticipants, type Slot } from '../../../../shared/domain/slots.js';
import { ApiRequestError, errorMessage } from '../../api/client.js';
import { formatClock12, formatDateTime, formatDay, formatSlot } from '../../components/format.js';
import { DIALOG_SIZE } from '../../components/DialogFrame.js';
import { servicesApi, usePublicService } from './api/index.js';
import { bookingBody, limitFor, previewTotal, validateBooking, type BookingErrors, type BookingForm, type PublicService } from './publicBooking.js';
import { parseJson } from './parseJson.js';

interface BookingAnswer {
  reservation: { reservationNumber: string; totalAmount: number; statusLabel?: string };
  payment: { totalDue: number; dueBy: string; paymentMethods: PaymentMethods; paymentNote: string };
}

/** After a booking attempt: the payment view, or the failure with a way back to the slots. */
type Outcome = { kind: 'paid'; booking: BookingAnswer; slot: Slot } | { kind: 'failed'; message: string };

const EMPTY_FORM: BookingForm = { firstName: '', lastName: '', phone: '', email: '', participantCount: 1, notes: '', allergies: '', addons: [] };

function ErrorView({ message, onBack }: { message: string; onBack?: () => void }) {
  return (
    <Center minH="70vh" px="4">
      <Stack gap="3" textAlign="center" maxW="md" align="center">
        <Heading as="h1" size="xl">Service Not Available</Heading>
        <Text color="fg.muted" data-testid="public-error">{message}</Text>
        {/* Issue 11 point 20: a failed booking is not a dead end. */}
        {onBack && (
          <Button colorPalette="brand" onClick={onBack}>
            Back to available times
          </Button>
        )}
      </Stack>
    </Center>
  );
}

function BookingModal({ token, service, slot, onClose, onBooked, onFailed }: { token: string; service: PublicService; slot: Slot; onClose: () => void; onBooked: (b: BookingAnswer) => void; onFailed: (message: string) => void }) {
  const limit = limitFor(service, slot);
  const [form, setForm] = useState<BookingForm>({ ...EMPTY_FORM, participantCount: clampParticipants(1, limit) });
  const [errors, setErrors] = useState<BookingErrors>({});
  const [busy, setBusy] = useState(false);
  const perPerson = service.rateType === 'PER_PERSON';
  const total = previewTotal(service, slot, form);
  const set = <K extends keyof BookingForm>(k: K, v: BookingForm[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateBooking(form);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    try {
      const res = await servicesApi.publicBook<BookingAnswer>(token, bookingBody(service, slot, form));
      onBooked(res);
    } catch (err) {
      onFailed(errorMessage(err, 'Failed to create booking'));
    } finally {
      setBusy(false);
    }
  }

  const field = (k: 'firstName' | 'lastName' | 'phone' | 'email', label: string, type = 'text') => (
    <Field.Root required invalid={!!errors[k]}>
      <Field.Label>{label} <Field.RequiredIndicator /></Field.Label>
      <Input name={k} type={type} value={form[k]} onChange={(e) => set(k, e.target.value)} />
      <Field.ErrorText>{errors[k]}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} size={DIALOG_SIZE} scrollBehavior="inside" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={submit} noValidate aria-label="Book this time slot">
              <Dialog.Header>
                <Stack gap="0">
                  <Dialog.Title>Book {service.name}</Dialog.Title>
                  <Text fontSize="sm" color="fg.muted" data-testid="booking-slot">{formatSlot(slot.date, slot.startTime, slot.endTime)}</Text>
                </Stack>
              </Dialog.Header>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
              <Dialog.Body>
                <Stack gap="3">
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                    {field('firstName', 'First name')}
                    {field('lastName', 'Last name')}
                    {field('phone', 'Phone', 'tel')}
                    {field('email', 'Email', 'email')}
                  </SimpleGrid>
                  {perPerson && (
                    <Field.Root>
                      <Field.Label>Participants</Field.Label>
                      <NativeSelect.Root>
                        <NativeSelect.Field name="participantCount" value={String(form.participantCount)} onChange={(e) => set('participantCount', clampParticipants(e.target.value, limit))}>
                          {Array.from({ length: limit }, (_, i) => i + 1).map((n) => <option key={n} value={n}>{n}</option>)}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Field.Root>
                  )}
                  {service.enableAddons && (service.addons?.length ?? 0) > 0 && (
                    <Stack gap="2">
                      <Text fontWeight="medium" fontSize="sm">Add-ons</Text>
                      {service.addons!.map((a) => (
                        <Checkbox.Root
                          key={a.id ?? a.name}
                          checked={form.addons.includes(a.name)}
                          onCheckedChange={(e) => set('addons', e.checked ? [...form.addons, a.name] : form.addons.filter((n) => n !== a.name))}
                        >
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label>{a.name} ({formatUsd(a.rate)} {PUBLIC_RATE_LABEL[a.rateType ?? 'FIXED']})</Checkbox.Label>
                        </Checkbox.Root>
                      ))}
                    </Stack>
                  )}
                  {service.questionnaire?.collectAllergies && (
                    <Field.Root>
                      <Field.Label>Allergies</Field.Label>
                      <Textarea name="allergies" value={form.allergies} onChange={(e) => set('allergies', e.target.value)} placeholder="List any allergies we should know about" />
                    </Field.Root>
                  )}
                  <Field.Root>
                    <Field.Label>Notes</Field.Label>
                    <Textarea name="notes" value={form.notes} onChange={(e) => set('notes', e.target.value)} />
                  </Field.Root>
                  <HStack justify="space-between" borderTopWidth="1px" pt="3">
                    <Text fontWeight="semibold">Total</Text>
                    <Text fontWeight="bold" fontSize="lg" data-testid="booking-total">{formatUsd(total.total)}</Text>
                  </HStack>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>Cancel</Button>
                <Button type="submit" colorPalette="brand" loading={busy} loadingText="Booking...">Book Now</Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function PaymentRequired({ service, booking, slot }: { service: PublicService; booking: BookingAnswer; slot: Slot }) {
  const { payment, reservation } = booking;
  const mobile = typeof navigator !== 'undefined' && isMobileUserAgent(navigator.userAgent);
  const links = paymentLinks(payment.paymentMethods ?? {}, payment.totalDue, payment.paymentNote, { mobile });
  const zelle = payment.paymentMethods?.zelle;
  return (
    <Container maxW="lg" py="10">
      <Card.Root>
        <Card.Body gap="4">
          <HStack justify="space-between">
            <Heading as="h1" size="lg">Payment Required</Heading>
            <Badge colorPalette="orange">Pending Payment</Badge>
          </HStack>
          <Text>Thank you! Your booking for <b>{service.name}</b> is reserved.</Text>
          <Text data-testid="paid-slot">{formatSlot(slot.date, slot.startTime, slot.endTime)}</Text>
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Description>
              Your reservation is pending payment and will be cancelled automatically if payment is not received within {UNPAID_HOLD_HOURS} hours.
            </Alert.Description>
          </Alert.Root>
          <Stack gap="1">
            <Text>Reservation number: <b data-testid="reservation-number">{reservation.reservationNumber}</b></Text>
            <Text>Total due: <b data-testid="total-due">{formatUsd(payment.totalDue)}</b></Text>
            <Text>Pay by: <b>{formatDateTime(payment.dueBy, service.timeZone)}</b></Text>
          </Stack>
          {links.length || zelle ? (
            <Stack gap="2">
              <Text fontWeight="semibold">How to pay</Text>
              {links.map((l) => (
                <Button key={l.method} asChild colorPalette="brand" variant="outline">
                  <Link href={l.href} target="_blank" rel="noopener noreferrer" data-testid={`pay-${l.method}`}>{l.label} ({l.handle})</Link>
                </Button>
              ))}
              {zelle && <Text data-testid="pay-zelle">Zelle: <b>{zelle}</b></Text>}
              <Text fontSize="sm" color="fg.muted">Include this note with your payment: {payment.paymentNote}</Text>
            </Stack>
          ) : (
            <Text>Payment instructions will be sent to your email.</Text>
          )}
        </Card.Body>
      </Card.Root>
    </Container>
  );
}

/** /service/{token}: photo, details, future slots with places, booking, payment instructions (document 2 §2.6). */
export default function PublicServicePage() {
  const { token = '' } = useParams();
  const { data: service, error, isLoading, mutate } = usePublicService(token);
  const [slot, setSlot] = useState<Slot | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const slots = useMemo(() => (service ? bookableSlots(parseJson<Slot[]>(service.availability, []), Date.now(), service.timeZone) : []), [service]);

  if (isLoading && !service) return <Center minH="70vh"><Spinner size="xl" /></Center>;
  if (error || !service) {
    const code = error instanceof ApiRequestError ? ((error.body as { code?: string } | undefined)?.code ?? error.code) : undefined;
    return <ErrorView message={publicLoadErrorMessage(error instanceof ApiRequestError ? error.status : undefined, code)} />;
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
  if (outcome?.kind === 'paid') return <PaymentRequired service={service} booking={outcome.booking} slot={outcome.slot} />;
  const s = service;
  const urls = parseJson<{ large?: string; medium?: string; original?: string }>(s.photoUrls, {});
  const photo = urls.large ?? urls.medium ?? s.photo ?? undefined;

  return (
    <Container maxW="3xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        {photo && <Image src={photo} alt={s.name} w="full" maxH="360px" objectFit="cover" borderRadius="l3" onError={(e) => (e.currentTarget.style.display = 'none')} />}
        <Stack gap="2">
          <Heading as="h1" size="2xl">{s.name}</Heading>
          {s.description && <Text whiteSpace="pre-wrap">{s.description}</Text>}
          <Text fontSize="xl" fontWeight="bold" data-testid="public-rate">
            {formatUsd(s.rate)} <Text as="span" fontSize="md" fontWeight="normal" color="fg.muted">{s.rateLabel ?? PUBLIC_RATE_LABEL[s.rateType] ?? ''}</Text>
          </Text>
          {s.location && <Text color="fg.muted">Location: {s.location}</Text>}
        </Stack>
        {s.business && (s.business.name || s.business.address || s.business.phone) && (
          <Stack gap="0" data-testid="public-business" fontSize="sm">
            {s.business.name && <Text fontWeight="semibold">{s.business.name}</Text>}
            {s.business.address && <Text color="fg.muted">{s.business.address}</Text>}
            {s.business.phone && <Link href={`tel:${s.business.phone.replace(/[^\d+]/g, '')}`} color="fg.muted">{s.business.phone}</Link>}
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
          <Heading as="h2" size="lg">Available Time Slots</Heading>
          {slots.length === 0 ? (
            <Box borderWidth="1px" borderStyle="dashed" borderRadius="l3" p="6" textAlign="center">
              <Text fontWeight="semibold">No Available Slots</Text>
            </Box>
          ) : (
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              {slots.map((x) => (
                <Button key={`${x.date}${x.startTime}${x.endTime}`} variant="outline" h="auto" py="3" justifyContent="space-between" onClick={() => setSlot(x)} data-testid="slot-button">
                  <Stack gap="0" align="flex-start" minW="0" textAlign="start">
                    <Text fontWeight="semibold" whiteSpace="normal">{formatDay(x.date)}</Text>
                    <Text fontSize="sm" whiteSpace="normal">{formatClock12(x.startTime)} – {formatClock12(x.endTime)}</Text>
                  </Stack>
                  <Badge colorPalette="green" flexShrink={0}>{x.slotsAvailable} left</Badge>
                </Button>
              ))}
            </SimpleGrid>
          )}
        </Stack>
      </Stack>
      {slot && (
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
