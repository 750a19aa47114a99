import { Alert, Badge, Box, Checkbox, HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { type RentalBasis, rentalPrice } from '../../../../shared/domain/charges.js';
import { formatCents, toCents } from '../../../../shared/domain/money.js';
import { FormField } from '../../components/form.js';
import { pluralize } from '../../components/format.js';
import { useFreeItems } from './api/index.js';
import { type CreateFormValues, localToInstant, rentalHoursOf } from './createForm.js';
import type { CreateForm as Form } from './createForm.js';
import { TEXT } from './rules.js';

const BASIS_TEXT: Partial<Record<RentalBasis, string>> = {
  daily: 'Daily rate applied',
  weekly: 'Weekly rate applied',
};

/** "Item and time" of "New Reservation" (R-RES-2, R-RES-15): start, duration in hours or days, a free item, the estimate. */
export function ItemSection({
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
  const hours = rentalHoursOf(v);
  const free = useFreeItems(at && hours && v.startLocal >= bounds.min ? at.toISOString() : null, hours ?? 1);
  const items = free.data?.items ?? [];
  const hoursNote = free.data?.openingHoursNote ?? null;
  const chosen = items.find((i) => i.id === v.inventoryItemId);
  const rates = chosen && {
    hourlyCents: toCents(chosen.hourlyRate ?? 0),
    dailyCents: toCents(chosen.dailyRate ?? 0),
    weeklyCents: toCents(chosen.weeklyRate ?? 0),
  };
  const perDay = v.perDay && v.durationUnit === 'days' && !!rates?.dailyCents;
  // R-RES-15: the server's own rule, so the estimate is what the booking will cost.
  const price = rates && hours ? rentalPrice(hours, rates, perDay) : null;
  const length = pluralize(Number(v.duration), v.durationUnit === 'days' ? 'day' : 'hour');
  return (
    <Stack gap="3">
      <Text fontWeight="semibold">Item and time</Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <FormField name="startLocal" label="Start time" required helper={`Times are in ${zone}`}>
          <Input type="datetime-local" min={bounds.min} max={bounds.max} {...form.register('startLocal')} />
        </FormField>
        <HStack gap="2" align="flex-start" minW="0">
          <Box flex="1" minW="0">
            <FormField name="duration" label="Duration" required>
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                max={v.durationUnit === 'days' ? 30 : 720}
                step={1}
                {...form.register('duration')}
              />
            </FormField>
          </Box>
          <Box width="7.5rem" flexShrink={0}>
            <FormField name="durationUnit" label="Unit">
              <NativeSelect.Root>
                <NativeSelect.Field {...form.register('durationUnit')}>
                  <option value="hours">Hours</option>
                  <option value="days">Days</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          </Box>
        </HStack>
      </SimpleGrid>
      {hoursNote && (
        <Alert.Root status="warning" size="sm">
          <Alert.Indicator />
          <Alert.Description>{hoursNote}</Alert.Description>
        </Alert.Root>
      )}
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
                {i.dailyRate ? ` · ${formatCents(toCents(i.dailyRate))}/day` : ''}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      {v.durationUnit === 'days' && rates?.dailyCents ? (
        <Checkbox.Root
          checked={v.perDay}
          onCheckedChange={(e) => form.setValue('perDay', e.checked === true, { shouldDirty: true })}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Price per day</Checkbox.Label>
        </Checkbox.Root>
      ) : null}
      {chosen && (
        <Box fontSize="sm" bg="bg.muted" p="3" borderRadius="l2">
          {chosen.hourlyRate === null && !chosen.dailyRate && chosen.rates.length === 0 ? (
            <Text>{TEXT.noRates}</Text>
          ) : price ? (
            <Stack gap="1" align="flex-start">
              <Text>
                Estimated:{' '}
                {price.basis === 'hourly'
                  ? `${v.durationUnit === 'days' ? `${length}: ` : ''}${pluralize(hours!, 'hour')} × ${formatCents(rates!.hourlyCents)} = `
                  : `${length} = `}
                <b>{formatCents(price.cents)}</b> before tax
              </Text>
              {BASIS_TEXT[price.basis] && (
                <Badge colorPalette="green" variant="subtle">
                  {BASIS_TEXT[price.basis]}
                </Badge>
              )}
            </Stack>
          ) : null}
        </Box>
      )}
    </Stack>
  );
}
