import {
  Alert,
  Button,
  CloseButton,
  Dialog,
  Field,
  Input,
  NativeSelect,
  Portal,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { HARD_MAX_PARTICIPANTS, participantLimit, serviceZone, type SlotRef } from '../../../../shared/domain/slots.js';
import { DEFAULT_TIME_ZONE } from '../../../../shared/domain/time.js';
import { errorMessage } from '../../api/client.js';
import { useJoinWaitlist } from './api/index.js';
import { DIALOG_SIZE } from '../../components/DialogFrame.js';
import { formatSlot } from '../../components/format.js';
import { validateBooking, type BookingErrors, type PublicService } from './publicBooking.js';

type Fields = 'firstName' | 'lastName' | 'phone' | 'email';

/**
 * Joining the waitlist of a full slot (R-SVC-8): the booking form's fields and messages
 * (publicBooking.ts validateBooking, the server's booking schema pieces); the answer is the position.
 */
export function WaitlistJoinModal({
  token,
  service,
  slot,
  onClose,
}: {
  token: string;
  service: PublicService;
  slot: SlotRef;
  onClose: () => void;
}) {
  const limit = participantLimit(service.rsvpSettings?.maxParticipants ?? undefined, HARD_MAX_PARTICIPANTS);
  const [form, setForm] = useState({ firstName: '', lastName: '', phone: '', email: '', participantCount: 1 });
  const [errors, setErrors] = useState<BookingErrors>({});
  // The failure shows in the form, not as a toast.
  const join = useJoinWaitlist({ failure: 'Could not join the waitlist', toastFailure: false });
  const [failure, setFailure] = useState<string | null>(null);
  const [joined, setJoined] = useState<{ position: number; message: string } | null>(null);
  const perPerson = service.rateType === 'PER_PERSON';

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateBooking({ ...form, notes: '', allergies: '', addons: [] });
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setFailure(null);
    const res = await join.run(token, {
      slot: { date: slot.date, startTime: slot.startTime, endTime: slot.endTime },
      customer: { firstName: form.firstName, lastName: form.lastName, phone: form.phone, email: form.email },
      participantCount: perPerson ? form.participantCount : 1,
    });
    if (res.ok) setJoined({ position: res.value.entry.position, message: res.value.message });
    else setFailure(errorMessage(res.error, 'Could not join the waitlist'));
  }

  const field = (k: Fields, label: string, type = 'text') => (
    <Field.Root required invalid={!!errors[k]}>
      <Field.Label>
        {label} <Field.RequiredIndicator />
      </Field.Label>
      <Input
        name={k}
        type={type}
        value={form[k]}
        onChange={(e) => {
          setForm((f) => ({ ...f, [k]: e.target.value }));
          setErrors((x) => ({ ...x, [k]: undefined }));
        }}
      />
      <Field.ErrorText>{errors[k]}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <Dialog.Root
      open
      onOpenChange={(e) => !e.open && onClose()}
      size={DIALOG_SIZE}
      scrollBehavior="inside"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={submit} noValidate aria-label="Join the waitlist">
              <Dialog.Header>
                <Stack gap="0">
                  <Dialog.Title>Join the waitlist</Dialog.Title>
                  <Text fontSize="sm" color="fg.muted" data-testid="waitlist-slot">
                    {service.name}:{' '}
                    {formatSlot(slot.date, slot.startTime, slot.endTime, serviceZone(service, DEFAULT_TIME_ZONE))}
                  </Text>
                </Stack>
              </Dialog.Header>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
              <Dialog.Body>
                {joined ? (
                  <Stack gap="3" data-testid="waitlist-joined">
                    <Text fontSize="lg" fontWeight="semibold">
                      You are number {joined.position} on the waitlist
                    </Text>
                    <Text>{joined.message}</Text>
                    <Text color="fg.muted" fontSize="sm">
                      We sent a confirmation to {form.email} with a link to leave the waitlist.
                    </Text>
                  </Stack>
                ) : (
                  <Stack gap="3">
                    <Text fontSize="sm">
                      This time slot is full. Leave your details: when places free up, the first person waiting whose
                      party fits gets an e-mail offer, and the places are held for them for a while.
                    </Text>
                    {failure && (
                      <Alert.Root status="error">
                        <Alert.Indicator />
                        <Alert.Description data-testid="waitlist-error">{failure}</Alert.Description>
                      </Alert.Root>
                    )}
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
                          <NativeSelect.Field
                            name="participantCount"
                            value={String(form.participantCount)}
                            onChange={(e) => setForm((f) => ({ ...f, participantCount: Number(e.target.value) || 1 }))}
                          >
                            {Array.from({ length: limit }, (_, i) => i + 1).map((n) => (
                              <option key={n} value={n}>
                                {n}
                              </option>
                            ))}
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                      </Field.Root>
                    )}
                  </Stack>
                )}
              </Dialog.Body>
              <Dialog.Footer>
                {joined ? (
                  <Button colorPalette="brand" onClick={onClose}>
                    Done
                  </Button>
                ) : (
                  <>
                    <Button variant="outline" onClick={onClose}>
                      Cancel
                    </Button>
                    <Button type="submit" colorPalette="brand" loading={join.busy} loadingText="Joining...">
                      Join the waitlist
                    </Button>
                  </>
                )}
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
