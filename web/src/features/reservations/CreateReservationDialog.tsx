import { Button, Checkbox, HStack, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { errorMessage } from '../../api/client.js';
import { FormDialog } from '../../components/FormDialog.js';
import { FormField } from '../../components/form.js';
import { notify } from '../../components/toaster.js';
import { useServices } from '../services/api/index.js';
import { useCreateReservation } from './api/index.js';
import {
  createFormSchema,
  emptyCreateForm,
  itemBody,
  serviceBody,
  startBounds,
  type CreateFormValues,
} from './createForm.js';
import { usePageZone } from './display.js';
import { TEXT } from './rules.js';
import { ItemSection } from './ItemSection.js';
import { ServiceSection } from './ServiceSection.js';
import { addonsOf, maxPeopleFor } from './serviceSlots.js';

/** "New Reservation" (R-RES-4, R-RES-2): customer, an item at a time or a service slot from the calendar, deposit. */
export function CreateReservationDialog({
  open,
  mode,
  onClose,
}: {
  open: boolean;
  mode: 'item' | 'service';
  onClose: () => void;
}) {
  const zone = usePageZone();
  const schema = useMemo(() => createFormSchema(zone), [zone]);
  // Fresh defaults each time it opens (the start time follows the clock).
  const defaults = useMemo(() => emptyCreateForm(mode, zone), [mode, zone, open]); // eslint-disable-line react-hooks/exhaustive-deps
  const services = useServices();
  // The hook revalidates the lists, items, customers and dashboard counts once the reservation is made.
  const create = useCreateReservation({
    success: (res) => `Reservation ${res.data.reservationNumber} created`,
    failure: 'Unknown error',
    // R-RES-11: the failure reads "Failed to create reservation: …", said below.
    toastFailure: false,
  });
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
        const service = services.data?.find((s) => s.id === v.serviceId);
        const res = await create.run(
          v.mode === 'item'
            ? { item: itemBody(v, zone) }
            : {
                service: serviceBody(v, {
                  perPerson: service?.rateType === 'PER_PERSON',
                  maxPeople: maxPeopleFor(service, v.slot, zone),
                  addons: addonsOf(service),
                }),
              },
        );
        if (!res.ok) {
          notify.error(`${TEXT.createFailedPrefix}${errorMessage(res.error, 'Unknown error')}`);
          // R-RES-11: the service list is refreshed afterwards (places may have gone).
          void services.mutate();
          return false;
        }
        if (v.mode === 'service') void services.mutate();
        return true;
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
