import { Button, Checkbox, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMemo } from 'react';
import { formatPercent } from '../../../../shared/domain/money.js';
import { formatUsd, PUBLIC_RATE_LABEL } from '../../../../shared/domain/pricing.js';
import { clampParticipants } from '../../../../shared/domain/party.js';
import { serviceZone } from '../../../../shared/domain/slots.js';
import { hasTerms } from '../../../../shared/domain/storefront.js';
import { DEFAULT_TIME_ZONE } from '../../../../shared/domain/time.js';
import { type Answer, errorMessage } from '../../api/client.js';
import { formatSlot } from '../../components/format.js';
import { useContractForm } from '../../components/form.js';
import { servicesApi } from './api/index.js';
import {
  bookingBody,
  bookingFormSchema,
  formTicketLines,
  limitFor,
  previewTotal,
  type BookingForm,
  type PublicService,
  type PublicSlot,
} from './publicBooking.js';
import { useSubmissionKey } from '../../api/submission-key.js';
import {
  ContactFields,
  ParticipantsSelect,
  PublicFormDialog,
  TermsAcceptance,
  TicketCounts,
} from './PublicFormParts.js';

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
  tickets: {},
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
  const terms = service.storefront && hasTerms(service.storefront) ? service.storefront : null;
  // R-BOOK-3: the request's own checks and messages (publicBooking.ts bookingFormSchema); R-SET-15: the
  // terms tick only when the store has terms, refused here with the server's text so the values stay.
  const schema = useMemo(() => bookingFormSchema(!!terms, service), [terms, service]);
  // One ticket of the first type to start, as one participant is the default without ticket types.
  const firstType = service.ticketTypes?.[0]?.id;
  const form = useContractForm(schema, {
    ...EMPTY_FORM,
    participantCount: clampParticipants(1, limit),
    tickets: firstType ? { [firstType]: 1 } : {},
  });
  const errors = form.formState.errors;
  const values = form.watch() as BookingForm;
  const submission = useSubmissionKey();
  const perPerson = service.rateType === 'PER_PERSON';
  const total = previewTotal(service, slot, values);
  const ticketed = (service.ticketTypes?.length ?? 0) > 0;
  const lines = formTicketLines(service, values);
  const set = <K extends 'participantCount' | 'addons' | 'acceptTerms' | 'tickets'>(k: K, v: BookingForm[K]) =>
    form.setValue(k, v as never, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });

  const submit = form.handleSubmit(async () => {
    try {
      const body = bookingBody(service, slot, form.getValues() as BookingForm);
      const res = await submission.send(body, (key) => servicesApi.publicBook(token, body, key));
      onBooked(res);
    } catch (err) {
      onFailed(errorMessage(err, 'Failed to create booking'));
    }
  });

  return (
    <PublicFormDialog
      label="Book this time slot"
      title={`Book ${service.name}`}
      slotText={formatSlot(slot.date, slot.startTime, slot.endTime, serviceZone(service, DEFAULT_TIME_ZONE))}
      slotTestId="booking-slot"
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" colorPalette="brand" loading={form.formState.isSubmitting} loadingText="Booking...">
            Book Now
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <ContactFields
          errors={{
            firstName: errors.firstName?.message,
            lastName: errors.lastName?.message,
            phone: errors.phone?.message,
            email: errors.email?.message,
          }}
          input={(k) => form.register(k)}
        />
        {ticketed && (
          <TicketCounts
            types={service.ticketTypes ?? []}
            counts={values.tickets ?? {}}
            lines={lines}
            limit={limit}
            error={(errors.tickets as { message?: string } | undefined)?.message}
            onChange={(t) => set('tickets', t)}
          />
        )}
        {perPerson && !ticketed && (
          <ParticipantsSelect
            value={values.participantCount}
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
                checked={values.addons.includes(a.name)}
                onCheckedChange={(e) =>
                  set('addons', e.checked ? [...values.addons, a.name] : values.addons.filter((n) => n !== a.name))
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
            <Textarea {...form.register('allergies')} placeholder="List any allergies we should know about" />
          </Field.Root>
        )}
        <Field.Root>
          <Field.Label>Notes</Field.Label>
          <Textarea {...form.register('notes')} />
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
            accepted={!!values.acceptTerms}
            error={errors.acceptTerms?.message ?? null}
            onChange={(v) => set('acceptTerms', v)}
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
