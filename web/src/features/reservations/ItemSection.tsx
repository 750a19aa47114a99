import { Box, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { formatCents, multiplyCents, toCents } from '../../../../shared/domain/money.js';
import { FormField } from '../../components/form.js';
import { pluralize } from '../../components/format.js';
import { useFreeItems } from './api/index.js';
import { type CreateFormValues, localToInstant } from './createForm.js';
import type { CreateForm as Form } from './createForm.js';
import { ITEM_DURATIONS, TEXT } from './rules.js';

/** "Item and time" of "New Reservation" (R-RES-2): start, duration, an item free for that whole time, the estimate. */
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
