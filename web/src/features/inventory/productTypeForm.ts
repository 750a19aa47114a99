import { z } from 'zod';
import {
  type ProductType,
  type ProductVariant,
  RATE_TYPES,
  type RateRow,
} from '../../../../shared/contract/inventory-models.js';
import { productTypeBody as productTypeSchema } from '../../../../shared/contract/inventory-request-models.js';

export { RATE_TYPES };

export interface RateForm {
  rate: string;
  rateType: RateRow['rateType'] | '';
}
export interface VariantForm {
  /** Absent for a variant added in this form. */
  id?: string;
  name: string;
  description: string;
  hourlyRate: string;
  dailyRate: string;
}
export interface ProductTypeFormState {
  name: string;
  category: string;
  description: string;
  rates: RateForm[];
  variants: VariantForm[];
}

export const emptyProductTypeForm = (): ProductTypeFormState => ({
  name: '',
  category: '',
  description: '',
  rates: [{ rate: '', rateType: 'hourly' }],
  variants: [],
});

const text = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

export function productTypeToForm(t: ProductType): ProductTypeFormState {
  return {
    name: t.name,
    category: t.category,
    description: t.description ?? '',
    rates: t.rates.length
      ? t.rates.map((r) => ({ rate: String(r.rate), rateType: r.rateType }))
      : [{ rate: '', rateType: 'hourly' }],
    variants: t.variants.map((v) => ({
      id: v.id,
      name: v.name,
      description: v.description ?? '',
      hourlyRate: text(v.hourlyRate),
      dailyRate: text(v.dailyRate),
    })),
  };
}

/** R-INV-3: rate rows with both an amount and a type are kept. */
export function keptRates(rates: readonly RateForm[]): RateRow[] {
  return rates
    .filter((r) => r.rate.trim() !== '' && r.rateType !== '' && Number.isFinite(Number(r.rate)))
    .map((r) => ({ rate: Number(r.rate), rateType: r.rateType as RateRow['rateType'] }));
}

/** The contract's rate amount (0 to 1,000,000.00 in steps of 0.01), its messages included. */
const rateAmount = productTypeSchema.shape.rates.def.innerType.def.element.shape.rate;

/**
 * The product type form's schema (R-INV-3): name and category as the contract checks them
 * (required, at most 120), an amount only when the row has one (blank rows are skipped on save).
 * The messages are the contract's, so each exists once. Variants are checked by their own calls.
 */
export const productTypeFormSchema = z.object({
  name: productTypeSchema.shape.name,
  category: productTypeSchema.shape.category,
  description: productTypeSchema.shape.description.def.innerType.def.innerType,
  rates: z.array(
    z.object({
      rate: z.string().superRefine((v, ctx) => {
        if (v.trim() === '') return;
        const n = Number(v);
        const r = rateAmount.safeParse(Number.isFinite(n) ? n : v);
        if (!r.success)
          ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? 'Rate must be 0 or more' });
      }),
      rateType: z.union([z.enum(RATE_TYPES), z.literal('')]),
    }),
  ),
  variants: z.array(
    z.object({
      id: z.string().optional(),
      name: z.string(),
      description: z.string(),
      hourlyRate: z.string(),
      dailyRate: z.string(),
    }),
  ),
});

export function productTypeBody(f: ProductTypeFormState) {
  const rates = keptRates(f.rates);
  const byType = (t: RateRow['rateType']) => rates.find((r) => r.rateType === t)?.rate ?? null;
  return {
    name: f.name.trim(),
    category: f.category.trim(),
    description: f.description.trim() || null,
    rates,
    defaultHourlyRate: byType('hourly'),
    defaultDailyRate: byType('daily'),
  };
}

export function variantBody(v: VariantForm) {
  return {
    name: v.name.trim(),
    description: v.description.trim() || null,
    hourlyRate: v.hourlyRate.trim() === '' ? null : Number(v.hourlyRate),
    dailyRate: v.dailyRate.trim() === '' ? null : Number(v.dailyRate),
  };
}

type VariantOp =
  | { kind: 'create'; variant: VariantForm }
  | { kind: 'update'; id: string; variant: VariantForm }
  | { kind: 'delete'; id: string; name: string };

/**
 * What saving the form does to the variants (R-INV-3): blank names are skipped, new
 * ones created, changed ones updated, and the ones removed from the form deleted.
 */
export function variantOps(before: readonly ProductVariant[], after: readonly VariantForm[]): VariantOp[] {
  const kept = after.filter((v) => v.name.trim() !== '');
  const ops: VariantOp[] = [];
  for (const v of kept) {
    if (!v.id) {
      ops.push({ kind: 'create', variant: v });
      continue;
    }
    const old = before.find((b) => b.id === v.id);
    const next = variantBody(v);
    if (
      !old ||
      old.name !== next.name ||
      (old.description ?? null) !== next.description ||
      old.hourlyRate !== next.hourlyRate ||
      old.dailyRate !== next.dailyRate
    ) {
      ops.push({ kind: 'update', id: v.id, variant: v });
    }
  }
  for (const b of before) if (!kept.some((v) => v.id === b.id)) ops.push({ kind: 'delete', id: b.id, name: b.name });
  return ops;
}
