/**
 * What the inventory screens send: product types and variants (R-INV-3), items (R-INV-4), their status
 * (R-INV-5), the bulk operations (R-INV-6, R-INV-7) and locations (R-INV-8). The answers are in
 * inventory-models.ts; the SPA's forms use these same schemas.
 */
import * as z from '../zod.js';
import { amount } from './common.js';
import { ITEM_CONDITIONS, RATE_TYPES } from './inventory-models.js';

const rateRow = z.object({
  rate: amount('Rate'),
  rateType: z.enum(RATE_TYPES, { error: 'Rate type must be hourly, daily, weekly, monthly or flat_rate' }),
});
const optionalAmount = z.optional(z.union([amount('Rate'), z.literal(''), z.null()]));

export const productTypeBody = z.object({
  name: z
    .string({ error: 'Name is required' })
    .check(z.trim(), z.singleLine(), z.minLength(1, 'Name is required'), z.maxLength(120)),
  category: z
    .string({ error: 'Category is required' })
    .check(z.trim(), z.singleLine(), z.minLength(1, 'Category is required'), z.maxLength(120)),
  description: z.nullable(z.optional(z.string().check(z.multiLine(), z.maxLength(2000)))),
  rates: z.optional(z.array(rateRow).check(z.maxLength(20))),
  defaultHourlyRate: optionalAmount,
  defaultDailyRate: optionalAmount,
});
export const variantBody = z.object({
  name: z
    .string({ error: 'Variant name is required' })
    .check(z.trim(), z.singleLine(), z.minLength(1, 'Variant name is required'), z.maxLength(120)),
  description: z.nullable(z.optional(z.string().check(z.multiLine(), z.maxLength(2000)))),
  hourlyRate: optionalAmount,
  dailyRate: optionalAmount,
  rates: z.optional(z.array(rateRow).check(z.maxLength(20))),
});
export const itemBody = z.object({
  productTypeId: z
    .string({ error: 'Product type is required' })
    .check(z.singleLine(), z.minLength(1, 'Product type is required'), z.maxLength(128)),
  itemNumber: z
    .string({ error: 'Item ID is required' })
    .check(z.trim(), z.singleLine(), z.minLength(1, 'Item ID is required'), z.maxLength(64)),
  serialNumber: z.nullable(z.optional(z.string().check(z.trim(), z.singleLine(), z.maxLength(120)))),
  productVariantId: z.nullable(z.optional(z.string().check(z.singleLine(), z.maxLength(128)))),
  condition: z.nullable(z.optional(z.enum(ITEM_CONDITIONS))),
  location: z.nullable(z.optional(z.string().check(z.trim(), z.singleLine(), z.maxLength(120)))),
  notes: z.nullable(z.optional(z.string().check(z.multiLine(), z.maxLength(2000)))),
});
export const statusBody = z.object({
  status: z.enum(['AVAILABLE', 'MAINTENANCE', 'OUT_OF_SERVICE', 'DAMAGED'], {
    error: 'Status must be AVAILABLE, MAINTENANCE, OUT_OF_SERVICE or DAMAGED',
  }),
  notes: z.nullable(z.optional(z.string().check(z.multiLine(), z.maxLength(2000)))),
});
export const generateIdsBody = z.object({
  productTypeId: z.string().check(z.singleLine(), z.minLength(1, 'Product type is required'), z.maxLength(128)),
  quantity: z.coerce
    .number()
    .check(z.int(), z.gte(1, 'Maximum 100 items per batch'), z.lte(100, 'Maximum 100 items per batch')),
});
export const bulkCreateBody = z.object({
  productTypeId: z.string().check(z.singleLine(), z.minLength(1, 'Product type is required'), z.maxLength(128)),
  productVariantId: z.nullable(z.optional(z.string().check(z.singleLine(), z.maxLength(128)))),
  items: z
    .array(
      z.object({
        itemId: z.string().check(z.trim(), z.singleLine(), z.minLength(1), z.maxLength(64)),
        customProperties: z.optional(z.record(z.string(), z.unknown())),
      }),
    )
    .check(z.minLength(1), z.maxLength(100, 'Maximum 100 items per batch')),
  commonProperties: z.optional(
    z.object({
      condition: z.nullable(z.optional(z.enum(ITEM_CONDITIONS))),
      location: z.nullable(z.optional(z.string().check(z.trim(), z.singleLine(), z.maxLength(120)))),
      notes: z.nullable(z.optional(z.string().check(z.multiLine(), z.maxLength(2000)))),
      status: z.optional(z.enum(['AVAILABLE', 'MAINTENANCE', 'OUT_OF_SERVICE', 'DAMAGED'])),
    }),
  ),
});
export const bulkDeleteBody = z.object({
  itemIds: z
    .array(z.string().check(z.singleLine(), z.minLength(1), z.maxLength(128)))
    .check(z.minLength(1), z.maxLength(100, 'Maximum 100 items per batch')),
});
export const locationBody = z.object({
  name: z
    .string({ error: 'Location name is required' })
    .check(z.trim(), z.singleLine(), z.minLength(1, 'Location name is required'), z.maxLength(120)),
  description: z.nullable(z.optional(z.string().check(z.multiLine(), z.maxLength(2000)))),
});
