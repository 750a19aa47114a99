import { Field, Input, NativeSelect, Stack, Switch, Textarea } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import type { InventoryItem, ItemCondition, ProductType } from '../../../../shared/contract/inventory-models.js';
import { ITEM_CONDITIONS } from '../../../../shared/contract/inventory-models.js';
import { clampBulkQuantity, itemConditionLabel } from '../../../../shared/domain/inventory.js';
import { useMutationAction } from '../../api/mutation.js';
import { useSubmissionKey } from '../../api/submission-key.js';
import { FormDialog } from '../../components/FormDialog.js';
import { FormField, useFieldLimit } from '../../components/form.js';
import { pluralize } from '../../components/format.js';
import { LocationPicker } from '../services/index.js';
import { bulkCreateItems, createItem, INVENTORY, updateItem, useGenerateItemIds } from './api/index.js';
import { BulkItemIds } from './BulkItemIds.js';
import { emptyItem, fromItem, itemForm, toBulkBody, toItemBody } from './itemForm.js';
import { bulkQuantityNote } from './itemRules.js';

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
        const bulk = toBulkBody(v, generated);
        await submission.send(bulk, (key) => bulkCreateItems(bulk, key));
        return;
      }
      const body = toItemBody(v);
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
              <BulkItemIds
                quantity={quantity}
                onQuantityChange={(v) => {
                  setQuantity(v);
                  setClamped(false);
                  setGenerated([]);
                }}
                onQuantityBlur={clampNow}
                outOfRange={!!note || clamped}
                generating={generate.busy}
                onGenerate={async () => {
                  if (!typeId) {
                    form.setError('productTypeId', { type: 'required', message: 'Product type is required' });
                    return;
                  }
                  const r = await generate.run(typeId, clampNow());
                  if (r.ok) setGenerated(r.value.data.suggestions.map((s) => s.suggestedId));
                }}
                generated={generated}
              />
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
                      {itemConditionLabel(c)}
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
