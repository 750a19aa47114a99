import {
  Box,
  Button,
  Checkbox,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useMemo } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { formatCents, multiplyCents, toCents } from '../../../../shared/domain/money.js';
import { effectiveRate, quoteCents } from '../../../../shared/domain/pricing.js';
import { participantLimit, serviceZone, slotHours, slotStart } from '../../../../shared/domain/slots.js';
import { errorMessage } from '../../api/client.js';
import { FormDialog } from '../../components/FormDialog.js';
import { FormField } from '../../components/form.js';
import { pluralize } from '../../components/format.js';
import { notify } from '../../components/toaster.js';
import { useServices } from '../services/api/index.js';
import { reservationsApi, useFreeItems } from './api/index.js';
import {
  createFormSchema,
  emptyCreateForm,
  itemBody,
  localToInstant,
  serviceBody,
  startBounds,
  type CreateFormSchema,
  type CreateFormValues,
} from './createForm.js';
import { usePageZone } from './display.js';
import { ITEM_DURATIONS, TEXT } from './rules.js';
import { ServiceCalendar } from './ServiceCalendar.js';
import type { CalendarSlot } from './rules.js';
import type { Reservation } from './types.js';
import { useSubmissionKey } from '../../api/submission-key.js';

type ServiceRow = NonNullable<ReturnType<typeof useServices>['data']>[number];

/** The service's add-ons when it offers them (decoded from the answer's JSON text by the contract's codec). */
export function addonsOf(s: ServiceRow | undefined): ServiceRow['addons'] {
  if (!s?.enableAddons) return [];
  return s.addons.filter((a) => a.name);
}

/** The most people one booking of this slot may bring (R-SVC-2's rule). */
function maxPeopleFor(s: ServiceRow | undefined, slotKey: string, orgZone: string): number | undefined {
  const slot = futureSlots(s, Date.now(), orgZone).find((x) => `${x.date}|${x.startTime}|${x.endTime}` === slotKey);
  return slot ? participantLimit(maxParticipantsOf(s), slot.slotsAvailable) : undefined;
}

/** Slots of a service that can still be booked in the future (past ones are not offered); wall-clock in the service's zone, else the organization's. */
export function futureSlots(s: ServiceRow | undefined, now: number, orgZone: string): CalendarSlot[] {
  if (!s) return [];
  const zone = serviceZone(s, orgZone);
  return s.availability.filter((x) => x.date && slotStart(x, zone) > now);
}

function maxParticipantsOf(s: ServiceRow | undefined): number | undefined {
  return s?.rsvpSettings.maxParticipants ?? undefined;
}

/** "New Reservation" (R-RES-4, R-RES-2): customer, an item at a time or a service slot from the calendar, deposit. */
export function CreateReservationDialog({
  open,
  mode,
  onClose,
  onCreated,
}: {
  open: boolean;
  mode: 'item' | 'service';
  onClose: () => void;
  onCreated: (r: Reservation) => void;
}) {
  const zone = usePageZone();
  const schema = useMemo(() => createFormSchema(zone), [zone]);
  // Fresh defaults each time it opens (the start time follows the clock).
  const defaults = useMemo(() => emptyCreateForm(mode, zone), [mode, zone, open]); // eslint-disable-line react-hooks/exhaustive-deps
  const services = useServices();
  const submission = useSubmissionKey();
  const bounds = startBounds(zone);

  return (
    <FormDialog
      open={open}
      title="New Reservation"
      schema={schema}
      defaultValues={defaults}
      submitLabel="Create Reservation"
      wide
      onClose={onClose}
      onSubmit={async (v) => {
        try {
          const service = services.data?.find((s) => s.id === v.serviceId);
          const item = v.mode === 'item' ? itemBody(v, zone) : null;
          const booking =
            v.mode === 'item'
              ? null
              : serviceBody(v, {
                  perPerson: service?.rateType === 'PER_PERSON',
                  maxPeople: maxPeopleFor(service, v.slot, zone),
                  addons: addonsOf(service),
                });
          const res = await submission.send(item ?? booking, (key) =>
            item ? reservationsApi.createItem(item, key) : reservationsApi.createService(booking!, key),
          );
          notify.success(`Reservation ${res.data.reservationNumber} created`);
          onCreated(res.data);
          if (v.mode === 'service') void services.mutate();
          return true;
        } catch (e) {
          notify.error(`${TEXT.createFailedPrefix}${errorMessage(e, 'Unknown error')}`);
          // R-RES-11: the service list is refreshed afterwards (places may have gone).
          void services.mutate();
          return false;
        }
      }}
    >
      {(form) => {
        const v = form.watch() as CreateFormValues;
        const errors = form.formState.errors;
        const setMode = (m: 'item' | 'service') => {
          form.setValue('mode', m, { shouldDirty: true });
          // Selecting an item clears the service and vice versa (R-RES-2).
          if (m === 'item') {
            form.setValue('serviceId', '');
            form.setValue('slot', '');
          } else form.setValue('inventoryItemId', '');
          form.clearErrors(['serviceId', 'slot', 'inventoryItemId']);
        };
        return (
          <Stack gap="5">
            <HStack gap="2" role="group" aria-label="What to book">
              <Button
                size="sm"
                variant={v.mode === 'item' ? 'solid' : 'outline'}
                colorPalette="brand"
                aria-pressed={v.mode === 'item'}
                onClick={() => setMode('item')}
              >
                Book an item
              </Button>
              <Button
                size="sm"
                variant={v.mode === 'service' ? 'solid' : 'outline'}
                colorPalette="brand"
                aria-pressed={v.mode === 'service'}
                onClick={() => setMode('service')}
              >
                Book a service
              </Button>
            </HStack>

            <Stack gap="3">
              <Text fontWeight="semibold">Customer</Text>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                <FormField name="firstName" label="First name" required>
                  <Input {...form.register('firstName')} autoComplete="off" />
                </FormField>
                <FormField name="lastName" label="Last name" required>
                  <Input {...form.register('lastName')} autoComplete="off" />
                </FormField>
                <FormField name="phone" label="Phone" required>
                  <Input type="tel" {...form.register('phone')} autoComplete="off" />
                </FormField>
                <FormField name="email" label="Email">
                  <Input type="email" {...form.register('email')} autoComplete="off" />
                </FormField>
              </SimpleGrid>
              <FormField name="address" label="Address">
                <Input {...form.register('address')} autoComplete="off" />
              </FormField>
            </Stack>

            {v.mode === 'item' ? (
              <ItemSection form={form} v={v} zone={zone} bounds={bounds} />
            ) : (
              <ServiceSection
                form={form}
                v={v}
                zone={zone}
                services={services}
                slotError={errors.slot?.message as string | undefined}
              />
            )}

            <Stack gap="3">
              <Text fontWeight="semibold">Deposit</Text>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3" alignItems="end">
                <FormField name="depositAmount" label="Deposit amount ($)" required>
                  <Input type="number" step="0.01" min="0" inputMode="decimal" {...form.register('depositAmount')} />
                </FormField>
                <Stack direction="row" gap="5" pb="2">
                  <Controller
                    control={form.control}
                    name="depositCash"
                    render={({ field }) => (
                      <Checkbox.Root checked={!!field.value} onCheckedChange={(e) => field.onChange(!!e.checked)}>
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>Cash</Checkbox.Label>
                      </Checkbox.Root>
                    )}
                  />
                  <Controller
                    control={form.control}
                    name="depositCredit"
                    render={({ field }) => (
                      <Checkbox.Root checked={!!field.value} onCheckedChange={(e) => field.onChange(!!e.checked)}>
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>Credit</Checkbox.Label>
                      </Checkbox.Root>
                    )}
                  />
                </Stack>
              </SimpleGrid>
              <FormField name="paymentId" label="Payment ID">
                <Input {...form.register('paymentId')} autoComplete="off" />
              </FormField>
              <FormField name="notes" label="Notes">
                <Textarea rows={3} {...form.register('notes')} />
              </FormField>
            </Stack>
          </Stack>
        );
      }}
    </FormDialog>
  );
}

type Form = UseFormReturn<CreateFormValues, unknown, z.output<CreateFormSchema>>;

function ItemSection({
  form,
  v,
  zone,
  bounds,
}: {
  form: Form;
  v: CreateFormValues;
  zone: string;
  bounds: { min: string; max: string };
}) {
  const at = localToInstant(v.startLocal, zone);
  const hours = Number(v.duration) === 1 ? 1 : 2;
  const free = useFreeItems(at && v.startLocal >= bounds.min ? at.toISOString() : null, hours);
  const items = free.data ?? [];
  const chosen = items.find((i) => i.id === v.inventoryItemId);
  return (
    <Stack gap="3">
      <Text fontWeight="semibold">Item and time</Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <FormField name="startLocal" label="Start time" required helper={`Times are in ${zone}`}>
          <Input type="datetime-local" min={bounds.min} max={bounds.max} {...form.register('startLocal')} />
        </FormField>
        <FormField name="duration" label="Duration" required>
          <NativeSelect.Root>
            <NativeSelect.Field {...form.register('duration')}>
              {ITEM_DURATIONS.map((h) => (
                <option key={h} value={String(h)}>
                  {pluralize(h, 'hour')}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
      </SimpleGrid>
      <FormField
        name="inventoryItemId"
        label="Inventory item"
        required
        helper={free.data && items.length === 0 ? 'No items are free for this time.' : undefined}
      >
        <NativeSelect.Root disabled={!free.data}>
          <NativeSelect.Field {...form.register('inventoryItemId')}>
            <option value="">
              {free.isLoading ? 'Loading free items…' : free.error ? 'Could not load items' : 'Select an item'}
            </option>
            {items.map((i) => (
              <option key={i.id} value={i.id}>
                {i.itemNumber}
                {i.name ? ` · ${i.name}` : ''}
                {i.hourlyRate !== null ? ` · ${formatCents(toCents(i.hourlyRate))}/hour` : ''}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      {chosen && (
        <Box fontSize="sm" bg="bg.muted" p="3" borderRadius="l2">
          {chosen.hourlyRate === null && chosen.rates.length === 0 ? (
            <Text>{TEXT.noRates}</Text>
          ) : (
            <Text>
              Estimated: {pluralize(hours, 'hour')} × {formatCents(toCents(chosen.hourlyRate ?? 0))} ={' '}
              <b>{formatCents(multiplyCents(toCents(chosen.hourlyRate ?? 0), hours))}</b> before tax
            </Text>
          )}
        </Box>
      )}
    </Stack>
  );
}

function ServiceSection({
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
  const people = Math.min(limit, Math.max(1, Math.floor(Number(v.participants) || 1)));
  const offered = addonsOf(service);
  const chosenAddons = offered.filter((a) => v.addons.includes(a.name));
  const price =
    service && slot
      ? quoteCents({
          ...effectiveRate(service, new Date()),
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
