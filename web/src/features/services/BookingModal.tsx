import { Button, Checkbox, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { formatPercent } from '../../../../shared/domain/money.js';
import { formatUsd, PUBLIC_RATE_LABEL } from '../../../../shared/domain/pricing.js';
import { clampParticipants } from '../../../../shared/domain/party.js';
import { serviceZone } from '../../../../shared/domain/slots.js';
import { hasTerms, TERMS_NOT_ACCEPTED } from '../../../../shared/domain/storefront.js';
import { DEFAULT_TIME_ZONE } from '../../../../shared/domain/time.js';
import { type Answer, errorMessage } from '../../api/client.js';
import { formatSlot } from '../../components/format.js';
import { servicesApi } from './api/index.js';
import {
  bookingBody,
  limitFor,
  previewTotal,
  validateBooking,
  type BookingErrors,
  type BookingForm,
  type PublicService,
  type PublicSlot,
} from './publicBooking.js';
import { useSubmissionKey } from '../../api/submission-key.js';
import { ContactFields, ParticipantsSelect, PublicFormDialog, TermsAcceptance } from './PublicFormParts.js';

/**
 * The public booking form (R-BOOK-3), downloaded when a visitor picks a slot (or when the
 * page is idle) so the public page's first load carries no dialog or form code
 * (docs/decisions/0173-web-first-load-js.md).
 */

export type BookingAnswer = Answer<'services.publicBook'>;

const EMPTY_FORM: BookingForm = {
  firstName: '',
  lastName: '',
  phone: '',
  email: '',
  participantCount: 1,
  notes: '',
  allergies: '',
  addons: [],
};

export function BookingModal({
  token,
  service,
  slot,
  onClose,
  onBooked,
  onFailed,
}: {
  token: string;
  service: PublicService;
  slot: PublicSlot;
  onClose: () => void;
  onBooked: (b: BookingAnswer) => void;
  onFailed: (message: string) => void;
}) {
  const limit = limitFor(service, slot);
  const [form, setForm] = useState<BookingForm>({ ...EMPTY_FORM, participantCount: clampParticipants(1, limit) });
  const [errors, setErrors] = useState<BookingErrors>({});
  const [busy, setBusy] = useState(false);
  const [termsError, setTermsError] = useState<string | null>(null);
  const terms = service.storefront && hasTerms(service.storefront) ? service.storefront : null;
  const submission = useSubmissionKey();
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
    // R-SET-15: the server refuses the same; asking here keeps the form's values.
    const termsMissing = !!terms && !form.acceptTerms;
    setTermsError(termsMissing ? TERMS_NOT_ACCEPTED : null);
    if (Object.values(found).some(Boolean) || termsMissing) return;
    setBusy(true);
    try {
      const body = bookingBody(service, slot, form);
      const res = await submission.send(body, (key) => servicesApi.publicBook(token, body, key));
      onBooked(res);
    } catch (err) {
      onFailed(errorMessage(err, 'Failed to create booking'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <PublicFormDialog
      label="Book this time slot"
      title={`Book ${service.name}`}
      slotText={formatSlot(slot.date, slot.startTime, slot.endTime, serviceZone(service, DEFAULT_TIME_ZONE))}
      slotTestId="booking-slot"
      onClose={onClose}
      onSubmit={submit}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand" loading={busy} loadingText="Booking...">
            Book Now
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <ContactFields values={form} errors={errors} onChange={set} />
        {perPerson && (
          <ParticipantsSelect
            value={form.participantCount}
            limit={limit}
            onChange={(n) => set('participantCount', n)}
          />
        )}
        {service.enableAddons && (service.addons?.length ?? 0) > 0 && (
          <Stack gap="2">
            <Text fontWeight="medium" fontSize="sm">
              Add-ons
            </Text>
            {service.addons!.map((a) => (
              <Checkbox.Root
                key={a.id ?? a.name}
                checked={form.addons.includes(a.name)}
                onCheckedChange={(e) =>
                  set('addons', e.checked ? [...form.addons, a.name] : form.addons.filter((n) => n !== a.name))
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  {a.name} ({formatUsd(a.rate)} {PUBLIC_RATE_LABEL[a.rateType ?? 'FIXED']})
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        )}
        {service.questionnaire?.collectAllergies && (
          <Field.Root>
            <Field.Label>Allergies</Field.Label>
            <Textarea
              name="allergies"
              value={form.allergies}
              onChange={(e) => set('allergies', e.target.value)}
              placeholder="List any allergies we should know about"
            />
          </Field.Root>
        )}
        <Field.Root>
          <Field.Label>Notes</Field.Label>
          <Textarea name="notes" value={form.notes} onChange={(e) => set('notes', e.target.value)} />
        </Field.Root>
        {total.tax > 0 && (
          <Stack gap="1" borderTopWidth="1px" pt="3" fontSize="sm" color="fg.muted">
            <HStack justify="space-between">
              <Text>Subtotal</Text>
              <Text>{formatUsd(total.subtotal)}</Text>
            </HStack>
            <HStack justify="space-between">
              <Text>Tax ({formatPercent(total.taxRate)})</Text>
              <Text data-testid="booking-tax">{formatUsd(total.tax)}</Text>
            </HStack>
          </Stack>
        )}
        {terms && (
          <TermsAcceptance
            terms={terms}
            accepted={!!form.acceptTerms}
            error={termsError}
            onChange={(v) => {
              set('acceptTerms', v);
              setTermsError(null);
            }}
          />
        )}
        <HStack justify="space-between" borderTopWidth="1px" pt="3">
          <Text fontWeight="semibold">Total</Text>
          <Text fontWeight="bold" fontSize="lg" data-testid="booking-total">
            {formatUsd(total.total)}
          </Text>
        </HStack>
      </Stack>
    </PublicFormDialog>
  );
}
