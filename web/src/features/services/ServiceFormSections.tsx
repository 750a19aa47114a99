import { Button, Field, HStack, IconButton, Input, NativeSelect, Stack, Switch } from '@chakra-ui/react';
import { Controller, useFieldArray, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { RATE_TYPE_LABEL, TIER_RATE_TYPES } from '../../../../shared/domain/pricing.js';
import { CloseIcon } from '../../components/icons.js';
import { emptySlot } from './serviceForm.js';
import type { serviceFormSchema } from './serviceFormSchema.js';

/** The service dialog's form, as its sections receive it. */
export type ServiceForm = UseFormReturn<z.input<typeof serviceFormSchema>, unknown, z.output<typeof serviceFormSchema>>;
/** A section's own changes count as edits, so the fresh copy no longer replaces the form (R-SVC-1). */
export const dirtying = { shouldDirty: true } as const;

/** The bookable time slots: date, start, end and capacity each, in `slotZone`'s wall-clock time. */
export function AvailabilityField({ form, slotZone }: { form: ServiceForm; slotZone: string }) {
  const slots = useFieldArray({ control: form.control, name: 'availability' });
  const availabilityError = form.formState.errors.availability as
    | { message?: string; root?: { message?: string } }
    | undefined;
  const slotMessage = availabilityError?.message ?? availabilityError?.root?.message;
  return (
    <Field.Root invalid={!!slotMessage}>
      <Field.Label>Availability</Field.Label>
      <Stack gap="2" w="full">
        {slots.fields.map((s, i) => (
          <HStack key={s.id} align="flex-end" flexWrap={{ base: 'wrap', md: 'nowrap' }} data-testid="slot-row">
            <Field.Root flex="2" minW="140px">
              <Field.Label fontSize="xs">Date</Field.Label>
              <Input type="date" aria-label={`Slot ${i + 1} date`} {...form.register(`availability.${i}.date`)} />
            </Field.Root>
            <Field.Root flex="1" minW="110px">
              <Field.Label fontSize="xs">Start</Field.Label>
              <Input
                type="time"
                aria-label={`Slot ${i + 1} start time`}
                {...form.register(`availability.${i}.startTime`)}
              />
            </Field.Root>
            <Field.Root flex="1" minW="110px">
              <Field.Label fontSize="xs">End</Field.Label>
              <Input
                type="time"
                aria-label={`Slot ${i + 1} end time`}
                {...form.register(`availability.${i}.endTime`)}
              />
            </Field.Root>
            <Field.Root flex="1" minW="90px">
              <Field.Label fontSize="xs">Capacity</Field.Label>
              {/* The slot's capacity, not the places left: bookings already made stay (R-SVC-12). */}
              <Input
                type="number"
                min={1}
                step={1}
                aria-label={`Slot ${i + 1} capacity`}
                {...form.register(`availability.${i}.capacity`)}
              />
              {(form.getValues(`availability.${i}.taken`) ?? 0) > 0 && (
                <Field.HelperText fontSize="xs">{`${form.getValues(`availability.${i}.taken`)} booked`}</Field.HelperText>
              )}
            </Field.Root>
            <IconButton
              aria-label={`Remove slot ${i + 1}`}
              variant="ghost"
              disabled={slots.fields.length <= 1}
              onClick={() => slots.fields.length > 1 && slots.remove(i)}
            >
              <CloseIcon />
            </IconButton>
          </HStack>
        ))}
        <Button
          size="sm"
          variant="outline"
          alignSelf="flex-start"
          onClick={() => slots.append(emptySlot(), { shouldFocus: false })}
        >
          Add Time Slot
        </Button>
      </Stack>
      <Field.HelperText data-testid="slot-zone">Times are in {slotZone}</Field.HelperText>
      <Field.ErrorText>{slotMessage}</Field.ErrorText>
    </Field.Root>
  );
}

/** The tiered pricing switch and, when on, its tiers (name, rate, rate type, validity). */
export function PricingTiersField({ form }: { form: ServiceForm }) {
  const tiers = useFieldArray({ control: form.control, name: 'pricingTiers' });
  const tiered = form.watch('enableTieredPricing');
  return (
    <Stack gap="2">
      <Controller
        control={form.control}
        name="enableTieredPricing"
        render={({ field }) => (
          <Switch.Root
            checked={field.value}
            onCheckedChange={(e) => {
              field.onChange(e.checked);
              if (!e.checked) form.setValue('pricingTiers', [], dirtying);
            }}
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>Tiered pricing</Switch.Label>
          </Switch.Root>
        )}
      />
      {tiered && (
        <Stack gap="2">
          {tiers.fields.map((t, i) => (
            <HStack key={t.id} align="flex-end" flexWrap="wrap">
              <Input
                flex="2"
                minW="120px"
                placeholder="Tier name"
                aria-label={`Tier ${i + 1} name`}
                {...form.register(`pricingTiers.${i}.name`)}
              />
              <Input
                flex="1"
                minW="80px"
                type="number"
                min={0}
                step={0.01}
                placeholder="Rate"
                aria-label={`Tier ${i + 1} rate`}
                {...form.register(`pricingTiers.${i}.rate`)}
              />
              <NativeSelect.Root flex="1" minW="120px">
                <NativeSelect.Field
                  aria-label={`Tier ${i + 1} rate type`}
                  {...form.register(`pricingTiers.${i}.rateType`)}
                >
                  {TIER_RATE_TYPES.map((x) => (
                    <option key={x} value={x}>
                      {RATE_TYPE_LABEL[x]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Input
                flex="1"
                minW="130px"
                type="date"
                aria-label={`Tier ${i + 1} valid from`}
                {...form.register(`pricingTiers.${i}.validFrom`)}
              />
              <Input
                flex="1"
                minW="130px"
                type="date"
                aria-label={`Tier ${i + 1} valid to`}
                {...form.register(`pricingTiers.${i}.validTo`)}
              />
              <IconButton aria-label={`Remove tier ${i + 1}`} variant="ghost" onClick={() => tiers.remove(i)}>
                <CloseIcon />
              </IconButton>
            </HStack>
          ))}
          <Button
            size="sm"
            variant="outline"
            alignSelf="flex-start"
            onClick={() =>
              tiers.append(
                { name: '', rate: '', rateType: 'FIXED', validFrom: '', validTo: '' },
                { shouldFocus: false },
              )
            }
          >
            Add Pricing Tier
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
