import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { perBookingLimit, serviceZone, type SlotRef } from '../../../../shared/domain/slots.js';
import { DEFAULT_TIME_ZONE } from '../../../../shared/domain/time.js';
import { CONFIRM_HOURS, CONFIRM_MAIL_MESSAGE } from '../../../../shared/domain/waitlist.js';
import { errorMessage } from '../../api/client.js';
import { useJoinWaitlist } from './api/index.js';
import { formatSlot } from '../../components/format.js';
import { type ContactField, ContactFields, ParticipantsSelect, PublicFormDialog } from './PublicFormParts.js';
import { validateBooking, type BookingErrors, type PublicService } from './publicBooking.js';

/**
 * Joining the waitlist of a full slot (R-SVC-8): the booking form's fields and messages
 * (publicBooking.ts validateBooking, the server's booking schema pieces). A new join is unconfirmed
 * until its e-mailed link is opened (R-SVC-11): the answer says to check the e-mail; an address that
 * had already confirmed gets its position.
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
  const limit = perBookingLimit(service.rsvpSettings?.maxParticipants);
  const [form, setForm] = useState({ firstName: '', lastName: '', phone: '', email: '', participantCount: 1 });
  const [errors, setErrors] = useState<BookingErrors>({});
  // The failure shows in the form, not as a toast.
  const join = useJoinWaitlist({ failure: 'Could not join the waitlist', toastFailure: false });
  const [failure, setFailure] = useState<string | null>(null);
  const [joined, setJoined] = useState<{ position: number; message: string; unconfirmed: boolean } | null>(null);
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
    if (res.ok)
      setJoined({
        position: res.value.entry.position,
        message: res.value.message,
        unconfirmed: res.value.entry.status === 'UNCONFIRMED',
      });
    else setFailure(errorMessage(res.error, 'Could not join the waitlist'));
  }

  const setContact = (k: ContactField, v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((x) => ({ ...x, [k]: undefined }));
  };

  return (
    <PublicFormDialog
      label="Join the waitlist"
      title="Join the waitlist"
      slotText={`${service.name}: ${formatSlot(slot.date, slot.startTime, slot.endTime, serviceZone(service, DEFAULT_TIME_ZONE))}`}
      slotTestId="waitlist-slot"
      onClose={onClose}
      onSubmit={submit}
      footer={
        joined ? (
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
        )
      }
    >
      {joined?.unconfirmed ? (
        <Stack gap="3" data-testid="waitlist-confirm-mail">
          <Text fontSize="lg" fontWeight="semibold">
            {CONFIRM_MAIL_MESSAGE}
          </Text>
          <Text>
            We sent a link to {form.email}. Your place on the waitlist starts when you open it; the link works for{' '}
            {CONFIRM_HOURS}
            hours (or until the time slot starts).
          </Text>
          <Text color="fg.muted" fontSize="sm">
            No e-mail? Check your spam folder, or join again with the same address to get the link again.
          </Text>
        </Stack>
      ) : joined ? (
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
            This time slot is full. Leave your details: when places free up, the first person waiting whose party fits
            gets an e-mail offer, and the places are held for them for a while.
          </Text>
          {failure && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Description data-testid="waitlist-error">{failure}</Alert.Description>
            </Alert.Root>
          )}
          <ContactFields
            errors={errors}
            input={(k) => ({ name: k, value: form[k], onChange: (e) => setContact(k, e.target.value) })}
          />
          {perPerson && (
            <ParticipantsSelect
              value={form.participantCount}
              limit={limit}
              onChange={(n) => setForm((f) => ({ ...f, participantCount: n }))}
            />
          )}
        </Stack>
      )}
    </PublicFormDialog>
  );
}
