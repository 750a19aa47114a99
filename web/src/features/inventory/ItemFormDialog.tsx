import {
  Badge,
  Button,
  Field,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Switch,
  Text,
  Textarea,
  Wrap,
} from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import type { InventoryItem, ItemCondition, ProductType } from '../../../../shared/contract/inventory-models.js';
import { ITEM_CONDITIONS, itemBody } from '../../../../shared/contract/routes/inventory.js';
import { BULK_LIMIT_MESSAGE, clampBulkQuantity, MAX_BULK_ITEMS } from '../../../../shared/domain/inventory.js';
import { useMutationAction } from '../../api/mutation.js';
import { FormDialog } from '../../components/FormDialog.js';
import { FormField, useFieldLimit } from '../../components/form.js';
import { pluralize } from '../../components/format.js';
import { LocationPicker } from '../services/index.js';
import { bulkCreateItems, createItem, INVENTORY, updateItem, useGenerateItemIds } from './api/index.js';
import { bulkQuantityNote } from './itemRules.js';
import { useSubmissionKey } from '../../api/submission-key.js';

/**
 * The item form's schema: the contract's item body with form-shaped values (empty strings for
 * "none"); in bulk mode the item ID comes from the generated list, so it may be empty.
 */
const itemForm = z
  .object({
    bulk: z.boolean(),
    productTypeId: itemBody.shape.productTypeId,
    productVariantId: z.string(),
    itemNumber: z.string().max(64),
    serialNumber: z.string().max(120),
    condition: z.enum(ITEM_CONDITIONS),
    location: z.string().max(120),
    notes: z.string().max(2000),
  })
  .superRefine((v, ctx) => {
    if (v.bulk) return;
    const r = itemBody.shape.itemNumber.safeParse(v.itemNumber);
    if (!r.success)
      ctx.addIssue({
        code: 'custom',
        path: ['itemNumber'],
        message: r.error.issues[0]?.message ?? 'Item ID is required',
      });
  });
type ItemFormValues = z.input<typeof itemForm>;

const emptyItem = (productTypeId = ''): ItemFormValues => ({
  bulk: false,
  productTypeId,
  productVariantId: '',
  itemNumber: '',
  serialNumber: '',
  condition: 'GOOD',
  location: '',
  notes: '',
});
const fromItem = (item: InventoryItem): ItemFormValues => ({
  bulk: false,
  productTypeId: item.productTypeId,
  productVariantId: item.productVariantId ?? '',
  itemNumber: item.itemNumber,
  serialNumber: item.serialNumber ?? '',
  condition: item.condition,
  location: item.location ?? '',
  notes: item.notes ?? '',
});

function LimitedInput(props: React.ComponentProps<typeof Input> & { name: string }) {
  return <Input maxLength={useFieldLimit(props.name)} {...props} />;
}

/** Add (single or bulk) and edit an inventory item (R-INV-2, R-SVC-1). */
export function ItemFormDialog({
  open,
  item,
  productTypes,
  onClose,
  onSaved,
}: {
  open: boolean;
  item: InventoryItem | null;
  productTypes: ProductType[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [quantity, setQuantity] = useState('10');
  const [clamped, setClamped] = useState(false);
  const [generated, setGenerated] = useState<string[]>([]);
  // Mirrors the form's bulk switch for the footer's label.
  const [bulkMode, setBulkMode] = useState(false);
  const submission = useSubmissionKey();
  const defaults = useMemo(
    () => (item ? fromItem(item) : emptyItem(productTypes.length === 1 ? productTypes[0]!.id : '')),
    [item, productTypes],
  );

  useEffect(() => {
    if (!open) return;
    setGenerated([]);
    setQuantity('10');
    setClamped(false);
    setBulkMode(false);
  }, [open]);

  const generate = useGenerateItemIds({ failure: 'Failed to generate item IDs' });
  const save = useMutationAction(
    async (v: z.output<typeof itemForm>) => {
      if (v.bulk) {
        const bulk = {
          productTypeId: v.productTypeId,
          productVariantId: v.productVariantId || null,
          items: generated.map((itemId) => ({ itemId })),
          commonProperties: {
            condition: v.condition,
            location: v.location || null,
            notes: v.notes || null,
            status: 'AVAILABLE' as const,
          },
        };
        await submission.send(bulk, (key) => bulkCreateItems(bulk, key));
        return;
      }
      const body = {
        productTypeId: v.productTypeId,
        productVariantId: v.productVariantId || null,
        itemNumber: v.itemNumber,
        serialNumber: v.serialNumber || null,
        condition: v.condition,
        location: v.location || null,
        notes: v.notes || null,
      };
      if (item) await updateItem(item.id, body);
      else await submission.send(body, (key) => createItem(body, key));
    },
    {
      success: (_r, v) =>
        v.bulk
          ? `${pluralize(generated.length, 'item')} created successfully`
          : item
            ? 'Item updated successfully'
            : 'Item created successfully',
      failure: (v) =>
        v.bulk ? 'Bulk creation failed' : item ? 'Failed to update item' : 'Failed to create inventory item',
      revalidate: [INVENTORY],
    },
  );

  /** Out-of-range input is clamped on blur and on Generate IDs; the limit then shows as an error. */
  const clampNow = () => {
    const n = clampBulkQuantity(quantity);
    if (String(n) !== quantity.trim()) setClamped(true);
    setQuantity(String(n));
    return n;
  };

  return (
    <FormDialog
      open={open}
      title={item ? 'Edit Inventory Item' : 'Add New Inventory Item'}
      schema={itemForm}
      defaultValues={defaults}
      extraDirty={generated.length > 0}
      submitLabel={
        item
          ? 'Update Item'
          : bulkMode
            ? generated.length
              ? `Create ${generated.length} Items`
              : 'Create Items'
            : 'Create Item'
      }
      submitDisabled={bulkMode && generated.length === 0}
      onClose={onClose}
      onSubmit={async (v) => {
        if (v.bulk && generated.length === 0) return false;
        const r = await save.run(v);
        if (!r.ok) return false;
        onSaved();
      }}
    >
      {(form) => {
        const bulk = form.watch('bulk');
        const typeId = form.watch('productTypeId');
        const variants = productTypes.find((t) => t.id === typeId)?.variants ?? [];
        const note = bulkQuantityNote(quantity);
        return (
          <Stack gap="4">
            {!item && (
              <Controller
                control={form.control}
                name="bulk"
                render={({ field }) => (
                  <Switch.Root
                    checked={field.value}
                    onCheckedChange={(e) => {
                      field.onChange(e.checked);
                      setBulkMode(e.checked);
                      setGenerated([]);
                    }}
                  >
                    <Switch.HiddenInput />
                    <Switch.Control />
                    <Switch.Label>Bulk Add Mode</Switch.Label>
                  </Switch.Root>
                )}
              />
            )}
            <FormField name="productTypeId" label="Product Type" required>
              <NativeSelect.Root>
                <NativeSelect.Field
                  {...form.register('productTypeId', {
                    onChange: () => {
                      form.setValue('productVariantId', '');
                      setGenerated([]);
                    },
                  })}
                >
                  <option value="">Select a product type</option>
                  {productTypes.map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            {variants.length > 0 && (
              <FormField name="productVariantId" label="Variant">
                <NativeSelect.Root>
                  <NativeSelect.Field {...form.register('productVariantId')}>
                    <option value="">No variant</option>
                    {variants.map((v) => (
                      <option key={v.id} value={v.id}>
                        {v.name}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
            )}
            {bulk ? (
              <Stack gap="2">
                <Field.Root invalid={!!note || clamped}>
                  <Field.Label>Quantity</Field.Label>
                  <HStack>
                    <Input
                      type="number"
                      min={1}
                      max={MAX_BULK_ITEMS}
                      value={quantity}
                      onChange={(e) => {
                        setQuantity(e.target.value);
                        setClamped(false);
                        setGenerated([]);
                      }}
                      onBlur={clampNow}
                    />
                    <Button
                      variant="outline"
                      loading={generate.busy}
                      onClick={async () => {
                        if (!typeId) {
                          form.setError('productTypeId', { type: 'required', message: 'Product type is required' });
                          return;
                        }
                        const r = await generate.run(typeId, clampNow());
                        if (r.ok) setGenerated(r.value.data.suggestions.map((s) => s.suggestedId));
                      }}
                    >
                      Generate IDs
                    </Button>
                  </HStack>
                  {/* docs/decisions/web-maximum-100-items-per-batch.md: a hint within 1-100, an error only when out of range or clamped. */}
                  {note || clamped ? (
                    <Field.ErrorText>{BULK_LIMIT_MESSAGE}</Field.ErrorText>
                  ) : (
                    <Field.HelperText>{BULK_LIMIT_MESSAGE}</Field.HelperText>
                  )}
                </Field.Root>
                {generated.length > 0 ? (
                  <Wrap gap="1" aria-label="Generated item IDs">
                    {generated.map((id) => (
                      <Badge key={id} variant="outline">
                        {id}
                      </Badge>
                    ))}
                  </Wrap>
                ) : (
                  <Text fontSize="sm" color="fg.muted">
                    Generate IDs to create the items.
                  </Text>
                )}
              </Stack>
            ) : (
              <>
                <FormField name="itemNumber" label="Item ID" required>
                  <LimitedInput {...form.register('itemNumber')} />
                </FormField>
                <FormField name="serialNumber" label="Serial Number">
                  <LimitedInput {...form.register('serialNumber')} />
                </FormField>
              </>
            )}
            <FormField name="condition" label="Condition">
              <NativeSelect.Root>
                <NativeSelect.Field {...form.register('condition')}>
                  {ITEM_CONDITIONS.map((c: ItemCondition) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <Field.Root>
              <Field.Label>Location</Field.Label>
              <Controller
                control={form.control}
                name="location"
                render={({ field }) => <LocationPicker value={field.value} onChange={field.onChange} />}
              />
            </Field.Root>
            <FormField name="notes" label="Notes">
              <Textarea maxLength={2000} {...form.register('notes')} />
            </FormField>
          </Stack>
        );
      }}
    </FormDialog>
  );
}
