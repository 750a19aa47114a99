import { Box, Checkbox, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { formatCents, toCents } from '../../../../shared/domain/money.js';
import { quoteCents } from '../../../../shared/domain/pricing.js';
import { participantLimit, serviceZone, slotHours, slotRate } from '../../../../shared/domain/slots.js';
import { clampParticipants } from '../../../../shared/domain/party.js';
import { FormField } from '../../components/form.js';
import type { useServices } from '../services/api/index.js';
import type { CreateFormValues } from './createForm.js';
import type { CreateForm as Form } from './createForm.js';
import { ServiceCalendar } from './ServiceCalendar.js';
import { addonsOf, futureSlots, maxParticipantsOf } from './serviceSlots.js';

/** "Service and time slot" of "New Reservation" (R-RES-2): service, a slot from the calendar, party, add-ons, estimate. */
export function ServiceSection({
  form,
  v,
  zone,
  services,
  slotError,
}: {
  form: Form;
  v: CreateFormValues;
  zone: string;
  services: ReturnType<typeof useServices>;
  slotError?: string;
}) {
  const service = services.data?.find((s) => s.id === v.serviceId);
  const slots = useMemo(() => futureSlots(service, Date.now(), zone), [service, zone]);
  const ownZone = service ? serviceZone(service, zone) : zone;
  const slot = slots.find((s) => `${s.date}|${s.startTime}|${s.endTime}` === v.slot);
  const perPerson = service?.rateType === 'PER_PERSON';
  const limit = slot ? participantLimit(maxParticipantsOf(service), slot.slotsAvailable) : 1;
  const people = clampParticipants(v.participants, limit);
  const offered = addonsOf(service);
  const chosenAddons = offered.filter((a) => v.addons.includes(a.name));
  const price =
    service && slot
      ? quoteCents({
          ...slotRate(service, slot, ownZone),
          participants: perPerson ? people : 1,
          hours: slotHours(slot, ownZone),
          addons: chosenAddons,
        })
      : null;
  return (
    <Stack gap="3">
      <Text fontWeight="semibold">Service and time slot</Text>
      <FormField name="serviceId" label="Service" required>
        <NativeSelect.Root>
          <NativeSelect.Field {...form.register('serviceId', { onChange: () => form.setValue('slot', '') })}>
            <option value="">{services.isLoading ? 'Loading services…' : 'Select a service'}</option>
            {(services.data ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      {(service || services.error) && (
        <FormField
          label="Date and time"
          required
          error={slotError}
          helper={ownZone !== zone ? `Times of this service are in ${ownZone}` : undefined}
        >
          <Box w="full">
            <ServiceCalendar
              key={v.serviceId}
              slots={services.error ? null : slots}
              failed={!!services.error}
              value={v.slot}
              invalid={!!slotError}
              onChange={(key) => {
                form.setValue('slot', key, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
              }}
            />
          </Box>
        </FormField>
      )}
      {perPerson && slot && (
        <FormField name="participants" label="Participants" helper={`Up to ${limit}`}>
          <Input
            type="number"
            min={1}
            max={limit}
            step={1}
            {...form.register('participants', { onBlur: () => form.setValue('participants', String(people)) })}
          />
        </FormField>
      )}
      {offered.length > 0 && (
        <Controller
          control={form.control}
          name="addons"
          render={({ field }) => (
            <Stack gap="1" role="group" aria-label="Add-ons">
              <Text fontSize="sm" fontWeight="medium">
                Add-ons
              </Text>
              {offered.map((a) => (
                <Checkbox.Root
                  key={a.name}
                  checked={field.value.includes(a.name)}
                  onCheckedChange={(e) =>
                    field.onChange(e.checked ? [...field.value, a.name] : field.value.filter((n) => n !== a.name))
                  }
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>
                    {a.name} ({formatCents(toCents(a.rate))}
                    {a.rateType === 'PER_PERSON' ? '/person' : ''})
                  </Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Stack>
          )}
        />
      )}
      <FormField name="allergies" label="Allergies or dietary restrictions">
        <Textarea rows={2} {...form.register('allergies')} />
      </FormField>
      {price && (
        <Box fontSize="sm" bg="bg.muted" p="3" borderRadius="l2">
          <Text>
            Estimated total: <b>{formatCents(price.totalCents)}</b> before tax
          </Text>
        </Box>
      )}
    </Stack>
  );
}
