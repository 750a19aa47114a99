import { Button, Field, HStack, IconButton, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ProductType } from '../../../../shared/contract/inventory-models.js';
import { errorMessage } from '../../api/client.js';
import { inventoryApi } from './api/index.js';
import { CloseIcon } from '../../components/icons.js';
import { notify } from '../../components/toaster.js';
import { DialogFrame as FormDialog } from '../../components/DialogFrame.js';
import {
  emptyProductTypeForm, productTypeBody, productTypeToForm, RATE_TYPES, validateProductType, variantBody, variantOps,
  type ProductTypeFormState, type RateForm, type VariantForm,
} from './productTypeForm.js';

const RATE_TYPE_LABEL: Record<string, string> = { hourly: 'Hourly', daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly', flat_rate: 'Flat rate' };

export function ProductTypeFormDialog({ open, productType, onClose, onSaved }: { open: boolean; productType: ProductType | null; onClose: () => void; onSaved: () => void }) {
  const [form, setForm] = useState<ProductTypeFormState>(emptyProductTypeForm);
  const [initial, setInitial] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  // A fresh snapshot each time the dialog opens, and only then (a refresh of the list while it is
  // open must not wipe the user's edits).
  const wasOpen = useRef(false);
  useEffect(() => {
    const opening = open && !wasOpen.current;
    wasOpen.current = open;
    if (!opening) return;
    const f = productType ? productTypeToForm(productType) : emptyProductTypeForm();
    setForm(f);
    setInitial(JSON.stringify(f));
    setErrors({});
  }, [open, productType]);

  const dirty = useMemo(() => open && initial !== '' && JSON.stringify(form) !== initial, [form, initial, open]);
  const set = <K extends keyof ProductTypeFormState>(k: K, v: ProductTypeFormState[K]) => setForm((f) => ({ ...f, [k]: v }));
  const setRate = (i: number, patch: Partial<RateForm>) => set('rates', form.rates.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const setVariant = (i: number, patch: Partial<VariantForm>) => set('variants', form.variants.map((v, j) => (j === i ? { ...v, ...patch } : v)));

  async function submit() {
    const found = validateProductType(form);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    const verb = productType ? 'updated' : 'created';
    let saved: ProductType;
    try {
      saved = productType
        ? await inventoryApi.updateProductType(productType.id, productTypeBody(form))
        : await inventoryApi.createProductType(productTypeBody(form));
    } catch (e) {
      notify.error(errorMessage(e, productType ? 'Failed to update product type' : 'Failed to create product type'));
      setSaving(false);
      return;
    }
    const failures: string[] = [];
    for (const op of variantOps(productType?.variants ?? [], form.variants)) {
      try {
        if (op.kind === 'create') await inventoryApi.createVariant(saved.id, variantBody(op.variant));
        else if (op.kind === 'update') await inventoryApi.updateVariant(op.id, variantBody(op.variant));
        else await inventoryApi.deleteVariant(op.id);
      } catch (e) {
        const name = op.kind === 'delete' ? op.name : op.variant.name;
        failures.push(`Failed to save variant: ${name} - ${errorMessage(e, 'unknown error')}`);
      }
    }
    setSaving(false);
    if (failures.length) notify.error(`Product type ${verb} successfully, but ${failures.length} variant operation(s) failed`, failures.join('\n'));
    else notify.success(`Product type ${verb} successfully`);
    onSaved();
    onClose();
  }

  return (
    <FormDialog
      open={open}
      title={productType ? 'Edit Product Type' : 'Create New Product Type'}
      dirty={dirty}
      saving={saving}
      submitLabel={productType ? 'Update Product Type' : 'Create Product Type'}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Stack gap="4">
        <Field.Root required invalid={!!errors.name}>
          <Field.Label>Name <Field.RequiredIndicator /></Field.Label>
          <Input value={form.name} onChange={(e) => set('name', e.target.value)} />
          <Field.ErrorText>{errors.name}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={!!errors.category}>
          <Field.Label>Category <Field.RequiredIndicator /></Field.Label>
          <Input value={form.category} onChange={(e) => set('category', e.target.value)} />
          <Field.ErrorText>{errors.category}</Field.ErrorText>
        </Field.Root>
        <Field.Root>
          <Field.Label>Description</Field.Label>
          <Textarea value={form.description} onChange={(e) => set('description', e.target.value)} />
        </Field.Root>

        <Stack gap="2">
          <Text fontWeight="semibold">Rates</Text>
          {form.rates.map((r, i) => (
            <HStack key={i} align="start">
              <Field.Root invalid={!!errors[`rate${i}`]}>
                <Input aria-label={`Rate ${i + 1} amount`} type="number" min={0} step={0.01} placeholder="0.00" value={r.rate} onChange={(e) => setRate(i, { rate: e.target.value })} />
                <Field.ErrorText>{errors[`rate${i}`]}</Field.ErrorText>
              </Field.Root>
              <NativeSelect.Root>
                <NativeSelect.Field aria-label={`Rate ${i + 1} type`} value={r.rateType} onChange={(e) => setRate(i, { rateType: e.target.value as RateForm['rateType'] })}>
                  {RATE_TYPES.map((t) => <option key={t} value={t}>{RATE_TYPE_LABEL[t]}</option>)}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {/* Document 2 §5: a rate row can be removed only if more than one exists. */}
              <IconButton aria-label={`Remove rate ${i + 1}`} variant="ghost" disabled={form.rates.length <= 1} onClick={() => set('rates', form.rates.filter((_, j) => j !== i))}>
                <CloseIcon />
              </IconButton>
            </HStack>
          ))}
          <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => set('rates', [...form.rates, { rate: '', rateType: 'daily' }])}>Add Rate</Button>
        </Stack>

        <Stack gap="2">
          <Text fontWeight="semibold">Variants</Text>
          {form.variants.length === 0 && <Text color="fg.muted" fontSize="sm">No variants. Variants with a blank name are skipped.</Text>}
          {form.variants.map((v, i) => (
            <HStack key={v.id ?? `new-${i}`} align="start">
              <Input aria-label={`Variant ${i + 1} name`} placeholder="Variant name" value={v.name} onChange={(e) => setVariant(i, { name: e.target.value })} />
              <Input aria-label={`Variant ${i + 1} hourly rate`} type="number" min={0} step={0.01} placeholder="Hourly" value={v.hourlyRate} onChange={(e) => setVariant(i, { hourlyRate: e.target.value })} />
              <Input aria-label={`Variant ${i + 1} daily rate`} type="number" min={0} step={0.01} placeholder="Daily" value={v.dailyRate} onChange={(e) => setVariant(i, { dailyRate: e.target.value })} />
              <IconButton aria-label={`Remove variant ${i + 1}`} variant="ghost" onClick={() => set('variants', form.variants.filter((_, j) => j !== i))}>
                <CloseIcon />
              </IconButton>
            </HStack>
          ))}
          <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => set('variants', [...form.variants, { name: '', description: '', hourlyRate: '', dailyRate: '' }])}>Add Variant</Button>
        </Stack>
      </Stack>
    </FormDialog>
  );
}
