import { Button, Field, HStack, Input, NativeSelect, Stack, Switch, Text, Textarea, Wrap, Badge } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { GenerateIdsResponse, InventoryItem, ItemCondition, ProductType } from '../../../../shared/contract/inventory-models.js';
import { ITEM_CONDITIONS } from '../../../../shared/contract/routes/inventory.js';
import { clampBulkQuantity, MAX_BULK_ITEMS } from '../../../../shared/domain/inventory.js';
import { api, errorMessage } from '../../api/client.js';
import { notify } from '../../components/toaster.js';
import { LocationPicker } from '../services/index.js';
import { DialogFrame as FormDialog } from '../../components/DialogFrame.js';
import { bulkQuantityNote } from './itemRules.js';

interface ItemFormState {
  productTypeId: string;
  productVariantId: string;
  itemNumber: string;
  serialNumber: string;
  condition: ItemCondition;
  location: string;
  notes: string;
}
const emptyItem = (productTypeId = ''): ItemFormState => ({ productTypeId, productVariantId: '', itemNumber: '', serialNumber: '', condition: 'GOOD', location: '', notes: '' });

export function ItemFormDialog({ open, item, productTypes, onClose, onSaved }: { open: boolean; item: InventoryItem | null; productTypes: ProductType[]; onClose: () => void; onSaved: () => void }) {
  const [form, setForm] = useState<ItemFormState>(emptyItem());
  const [initial, setInitial] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [bulk, setBulk] = useState(false);
  const [quantity, setQuantity] = useState('10');
  const [quantityNote, setQuantityNote] = useState('');
  const [generated, setGenerated] = useState<string[]>([]);
  const [generating, setGenerating] = useState(false);

  // A fresh snapshot each time the dialog opens, and only then: a background refresh of the
  // product types while it is open must not wipe what the user has typed.
  const wasOpen = useRef(false);
  useEffect(() => {
    const opening = open && !wasOpen.current;
    wasOpen.current = open;
    if (!opening) return;
    const f: ItemFormState = item
      ? { productTypeId: item.productTypeId, productVariantId: item.productVariantId ?? '', itemNumber: item.itemNumber, serialNumber: item.serialNumber ?? '', condition: item.condition, location: item.location ?? '', notes: item.notes ?? '' }
      : emptyItem(productTypes.length === 1 ? productTypes[0]!.id : '');
    setForm(f);
    setInitial(JSON.stringify(f));
    setErrors({});
    setBulk(false);
    setGenerated([]);
    setQuantity('10');
    setQuantityNote('');
  }, [open, item, productTypes]);

  const dirty = useMemo(() => open && initial !== '' && (JSON.stringify(form) !== initial || generated.length > 0), [form, initial, open, generated]);
  const set = <K extends keyof ItemFormState>(k: K, v: ItemFormState[K]) => setForm((f) => ({ ...f, [k]: v }));
  const variants = productTypes.find((t) => t.id === form.productTypeId)?.variants ?? [];

  function changeQuantity(raw: string) {
    setQuantity(raw);
    setQuantityNote(bulkQuantityNote(raw));
    setGenerated([]);
  }

  async function generate() {
    if (!form.productTypeId) {
      setErrors({ productTypeId: 'Product type is required' });
      return;
    }
    const n = clampBulkQuantity(quantity);
    setQuantity(String(n));
    setGenerating(true);
    try {
      const res = await api<GenerateIdsResponse>('inventory.generateIds', { body: { productTypeId: form.productTypeId, quantity: n } });
      setGenerated(res.data.suggestions.map((s) => s.suggestedId));
    } catch (e) {
      notify.error(errorMessage(e, 'Failed to generate item IDs'));
    } finally {
      setGenerating(false);
    }
  }

  async function submit() {
    const found: Record<string, string> = {};
    if (!form.productTypeId) found.productTypeId = 'Product type is required';
    if (!bulk && !form.itemNumber.trim()) found.itemNumber = 'Item ID is required';
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      if (bulk) {
        await api('inventory.bulkCreate', {
          body: {
            productTypeId: form.productTypeId,
            productVariantId: form.productVariantId || null,
            items: generated.map((itemId) => ({ itemId })),
            commonProperties: { condition: form.condition, location: form.location || null, notes: form.notes || null, status: 'AVAILABLE' },
          },
        });
        notify.success(`${generated.length} items created successfully`);
      } else {
        const body = { productTypeId: form.productTypeId, productVariantId: form.productVariantId || null, itemNumber: form.itemNumber, serialNumber: form.serialNumber || null, condition: form.condition, location: form.location || null, notes: form.notes || null };
        if (item) await api('inventory.updateItem', { params: { id: item.id }, body });
        else await api('inventory.createItem', { body });
        notify.success(item ? 'Item updated successfully' : 'Item created successfully');
      }
      onSaved();
      onClose();
    } catch (e) {
      notify.error(errorMessage(e, bulk ? 'Bulk creation failed' : item ? 'Failed to update item' : 'Failed to create inventory item'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <FormDialog
      open={open}
      title={item ? 'Edit Inventory Item' : 'Add New Inventory Item'}
      dirty={dirty}
      saving={saving}
      submitLabel={item ? 'Update Item' : bulk ? `Create ${generated.length || ''} Items`.replace('  ', ' ') : 'Create Item'}
      submitDisabled={bulk && generated.length === 0}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Stack gap="4">
        {!item && (
          <Switch.Root checked={bulk} onCheckedChange={(e) => { setBulk(e.checked); setGenerated([]); }}>
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>Bulk Add Mode</Switch.Label>
          </Switch.Root>
        )}
        <Field.Root required invalid={!!errors.productTypeId}>
          <Field.Label>Product Type <Field.RequiredIndicator /></Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={form.productTypeId} onChange={(e) => { setForm((f) => ({ ...f, productTypeId: e.target.value, productVariantId: '' })); setGenerated([]); }}>
              <option value="">Select a product type</option>
              {productTypes.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{errors.productTypeId}</Field.ErrorText>
        </Field.Root>
        {variants.length > 0 && (
          <Field.Root>
            <Field.Label>Variant</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={form.productVariantId} onChange={(e) => set('productVariantId', e.target.value)}>
                <option value="">No variant</option>
                {variants.map((v) => <option key={v.id} value={v.id}>{v.name}</option>)}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        )}
        {bulk ? (
          <Stack gap="2">
            <Field.Root invalid={!!quantityNote}>
              <Field.Label>Quantity</Field.Label>
              <HStack>
                <Input type="number" min={1} max={MAX_BULK_ITEMS} value={quantity} onChange={(e) => changeQuantity(e.target.value)} onBlur={() => setQuantity(String(clampBulkQuantity(quantity)))} />
                <Button variant="outline" loading={generating} onClick={() => void generate()}>Generate IDs</Button>
              </HStack>
              <Field.ErrorText>{quantityNote}</Field.ErrorText>
            </Field.Root>
            {generated.length > 0 ? (
              <Wrap gap="1" aria-label="Generated item IDs">
                {generated.map((id) => <Badge key={id} variant="outline">{id}</Badge>)}
              </Wrap>
            ) : (
              <Text fontSize="sm" color="fg.muted">Generate IDs to create the items.</Text>
            )}
          </Stack>
        ) : (
          <>
            <Field.Root required invalid={!!errors.itemNumber}>
              <Field.Label>Item ID <Field.RequiredIndicator /></Field.Label>
              <Input value={form.itemNumber} onChange={(e) => set('itemNumber', e.target.value)} />
              <Field.ErrorText>{errors.itemNumber}</Field.ErrorText>
            </Field.Root>
            <Field.Root>
              <Field.Label>Serial Number</Field.Label>
              <Input value={form.serialNumber} onChange={(e) => set('serialNumber', e.target.value)} />
            </Field.Root>
          </>
        )}
        <Field.Root>
          <Field.Label>Condition</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={form.condition} onChange={(e) => set('condition', e.target.value as ItemCondition)}>
              {ITEM_CONDITIONS.map((c) => <option key={c} value={c}>{c}</option>)}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label>Location</Field.Label>
          <LocationPicker value={form.location} onChange={(name) => set('location', name)} />
        </Field.Root>
        <Field.Root>
          <Field.Label>Notes</Field.Label>
          <Textarea value={form.notes} onChange={(e) => set('notes', e.target.value)} />
        </Field.Root>
      </Stack>
    </FormDialog>
  );
}
