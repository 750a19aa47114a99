import { Button, Field, HStack, IconButton, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { ProductType, ProductVariant } from '../../../../shared/contract/inventory-models.js';
import { errorMessage } from '../../api/client.js';
import { useMutationAction } from '../../api/mutation.js';
import { FormDialog } from '../../components/FormDialog.js';
import { FormField, useFieldLimit } from '../../components/form.js';
import { CloseIcon } from '../../components/icons.js';
import { notify } from '../../components/toaster.js';
import {
  createProductType,
  createVariant,
  deleteVariant,
  INVENTORY,
  updateProductType,
  updateVariant,
} from './api/index.js';
import {
  emptyProductTypeForm,
  productTypeBody,
  productTypeFormSchema,
  productTypeToForm,
  RATE_TYPES,
  variantBody,
  variantOps,
  type ProductTypeFormState,
  type VariantForm,
} from './productTypeForm.js';
import { useSubmissionKey } from '../../api/submission-key.js';

const RATE_TYPE_LABEL: Record<string, string> = {
  hourly: 'Hourly',
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  flat_rate: 'Flat rate',
};

type Form = UseFormReturn<z.input<typeof productTypeFormSchema>, unknown, z.output<typeof productTypeFormSchema>>;

/** R-INV-3: after the type is saved, its variants are created, updated and deleted one call each; failures are collected. */
async function saveVariants(
  typeId: string,
  before: readonly ProductVariant[],
  after: readonly VariantForm[],
  submissionKey: string,
): Promise<string[]> {
  const failures: string[] = [];
  for (const [i, op] of variantOps(before, after).entries()) {
    try {
      // One key per variant of this submission: a retried Save does not create a variant twice.
      if (op.kind === 'create') await createVariant(typeId, variantBody(op.variant), `${submissionKey}:v${i}`);
      else if (op.kind === 'update') await updateVariant(op.id, variantBody(op.variant));
      else await deleteVariant(op.id);
    } catch (e) {
      const name = op.kind === 'delete' ? op.name : op.variant.name;
      failures.push(`Failed to save variant: ${name} - ${errorMessage(e, 'unknown error')}`);
    }
  }
  return failures;
}

function LimitedInput(props: React.ComponentProps<typeof Input> & { name: string }) {
  return <Input maxLength={useFieldLimit(props.name)} {...props} />;
}

function ProductTypeFields({ form }: { form: Form }) {
  const rates = useFieldArray({ control: form.control, name: 'rates' });
  const variants = useFieldArray({ control: form.control, name: 'variants' });
  const rateErrors = form.formState.errors.rates;
  return (
    <Stack gap="4">
      <FormField name="name" label="Name" required>
        <LimitedInput {...form.register('name')} />
      </FormField>
      <FormField name="category" label="Category" required>
        <LimitedInput {...form.register('category')} />
      </FormField>
      <FormField name="description" label="Description">
        <Textarea maxLength={useFieldLimit('description')} {...form.register('description')} />
      </FormField>

      <Stack gap="2">
        <Text fontWeight="semibold">Rates</Text>
        {rates.fields.map((r, i) => {
          const error = rateErrors?.[i]?.rate?.message;
          return (
            <HStack key={r.id} align="start">
              <Field.Root invalid={!!error}>
                <Input
                  aria-label={`Rate ${i + 1} amount`}
                  type="number"
                  min={0}
                  step={0.01}
                  placeholder="0.00"
                  {...form.register(`rates.${i}.rate`)}
                />
                <Field.ErrorText>{error}</Field.ErrorText>
              </Field.Root>
              <NativeSelect.Root>
                <NativeSelect.Field aria-label={`Rate ${i + 1} type`} {...form.register(`rates.${i}.rateType`)}>
                  {RATE_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {RATE_TYPE_LABEL[t]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {/* R-INV-3: a rate row can be removed only if more than one exists. */}
              <IconButton
                aria-label={`Remove rate ${i + 1}`}
                variant="ghost"
                disabled={rates.fields.length <= 1}
                onClick={() => rates.remove(i)}
              >
                <CloseIcon />
              </IconButton>
            </HStack>
          );
        })}
        <Button
          size="sm"
          variant="outline"
          alignSelf="flex-start"
          onClick={() => rates.append({ rate: '', rateType: 'daily' }, { shouldFocus: false })}
        >
          Add Rate
        </Button>
      </Stack>

      <Stack gap="2">
        <Text fontWeight="semibold">Variants</Text>
        {variants.fields.length === 0 && (
          <Text color="fg.muted" fontSize="sm">
            No variants. Variants with a blank name are skipped.
          </Text>
        )}
        {variants.fields.map((v, i) => (
          <HStack key={v.id} align="start">
            <Input
              aria-label={`Variant ${i + 1} name`}
              placeholder="Variant name"
              {...form.register(`variants.${i}.name`)}
            />
            <Input
              aria-label={`Variant ${i + 1} hourly rate`}
              type="number"
              min={0}
              step={0.01}
              placeholder="Hourly"
              {...form.register(`variants.${i}.hourlyRate`)}
            />
            <Input
              aria-label={`Variant ${i + 1} daily rate`}
              type="number"
              min={0}
              step={0.01}
              placeholder="Daily"
              {...form.register(`variants.${i}.dailyRate`)}
            />
            <IconButton aria-label={`Remove variant ${i + 1}`} variant="ghost" onClick={() => variants.remove(i)}>
              <CloseIcon />
            </IconButton>
          </HStack>
        ))}
        <Button
          size="sm"
          variant="outline"
          alignSelf="flex-start"
          onClick={() =>
            variants.append({ name: '', description: '', hourlyRate: '', dailyRate: '' }, { shouldFocus: false })
          }
        >
          Add Variant
        </Button>
      </Stack>
    </Stack>
  );
}

/** Create and edit a product type with its rates and variants (R-INV-2, R-INV-3). */
export function ProductTypeFormDialog({
  open,
  productType,
  onClose,
  onSaved,
}: {
  open: boolean;
  productType: ProductType | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const defaults = useMemo(
    () => (productType ? productTypeToForm(productType) : emptyProductTypeForm()),
    [productType],
  );
  const verb = productType ? 'updated' : 'created';
  const submission = useSubmissionKey();
  const save = useMutationAction(
    async (form: ProductTypeFormState) => {
      const key = submission.for(form);
      const saved = productType
        ? await updateProductType(productType.id, productTypeBody(form))
        : await createProductType(productTypeBody(form), key);
      const failures = await saveVariants(saved.id, productType?.variants ?? [], form.variants, key);
      submission.renew();
      return failures;
    },
    {
      success: (failures) => (failures.length ? null : `Product type ${verb} successfully`),
      failure: productType ? 'Failed to update product type' : 'Failed to create product type',
      revalidate: [INVENTORY],
    },
  );

  return (
    <FormDialog
      open={open}
      title={productType ? 'Edit Product Type' : 'Create New Product Type'}
      schema={productTypeFormSchema}
      defaultValues={defaults}
      submitLabel={productType ? 'Update Product Type' : 'Create Product Type'}
      onClose={onClose}
      onSubmit={async (values) => {
        const r = await save.run(values);
        if (!r.ok) return false;
        if (r.value.length)
          notify.error(
            `Product type ${verb} successfully, but ${r.value.length} variant operation(s) failed`,
            r.value.join('\n'),
          );
        onSaved();
      }}
    >
      {(form) => <ProductTypeFields form={form} />}
    </FormDialog>
  );
}
