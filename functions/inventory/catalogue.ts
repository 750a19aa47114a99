import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type * as z from '../../shared/zod.js';
import type { locationBody, productTypeBody, variantBody } from '../../shared/contract/inventory-request-models.js';
import { changedFields } from '../../shared/domain/inventory.js';
import { auditedWrite, type AuditedWrite, WriteFailed } from '../lib/audited-write.js';
import { db, nowIso } from '../lib/db.js';
import { type ApiError, conflict, notFound } from '../lib/errors.js';
import { keys, type TenantId } from '../lib/keys.js';
import type { AuthClaims } from '../lib/tokens.js';
import { logRow } from './activity-log.js';
import {
  INVENTORY_ROWS,
  getRow,
  listRows,
  table,
  type LocationRow,
  type ProductTypeRow,
  type VariantRow,
} from './model.js';

type TypeInput = z.infer<typeof productTypeBody>;
type VariantInput = z.infer<typeof variantBody>;

export async function requireType(tenant: TenantId, id: string): Promise<ProductTypeRow> {
  const row = await getRow(tenant, INVENTORY_ROWS.productType, id);
  if (!row) throw notFound('Product type not found');
  return row;
}

async function requireVariant(tenant: TenantId, id: string): Promise<VariantRow> {
  const row = await getRow(tenant, INVENTORY_ROWS.variant, id);
  if (!row) throw notFound('Product variant not found');
  return row;
}

const amount = (v: unknown): number | null => (v === '' || v === null || v === undefined ? null : Number(v));

function typeFields(input: TypeInput) {
  return {
    name: input.name,
    category: input.category,
    description: input.description?.trim() || null,
    defaultHourlyRate: amount(input.defaultHourlyRate),
    defaultDailyRate: amount(input.defaultDailyRate),
    rates: input.rates ?? [],
  };
}

const TYPE_FIELDS = ['name', 'category', 'description', 'defaultHourlyRate', 'defaultDailyRate', 'rates'] as const;

export async function createProductType(
  tenant: TenantId,
  actor: AuthClaims,
  input: TypeInput,
): Promise<ProductTypeRow> {
  const at = nowIso();
  const row: ProductTypeRow = { id: randomUUID(), ...typeFields(input), itemCount: 0, createdAt: at, updatedAt: at };
  await auditedWrite(tenant)
    .put(
      'type',
      { ...keys.entity(tenant, INVENTORY_ROWS.productType, row.id), ...row },
      { condition: 'attribute_not_exists(pk)' },
    )
    .log(
      logRow(tenant, {
        eventType: 'PRODUCT_TYPE_CREATED',
        actor,
        productType: { id: row.id, name: row.name },
        details: { operationType: 'CREATE', productTypeName: row.name },
      }),
    )
    .commit();
  return row;
}

/** Commits `w`; a failed condition on the part named `name` answers `error`, anything else passes through. */
async function commitOr(w: AuditedWrite, name: string, error: ApiError): Promise<void> {
  try {
    await w.commit();
  } catch (e) {
    if (e instanceof WriteFailed && e.failed.includes(name)) throw error;
    throw e;
  }
}

export async function updateProductType(
  tenant: TenantId,
  actor: AuthClaims,
  id: string,
  input: TypeInput,
): Promise<ProductTypeRow> {
  const before = await requireType(tenant, id);
  const fields = typeFields(input);
  const changes = changedFields(before as unknown as Record<string, unknown>, fields, TYPE_FIELDS);
  const row: ProductTypeRow = { ...before, ...fields, updatedAt: nowIso() };
  const w = auditedWrite(tenant)
    .update('type', keys.entity(tenant, INVENTORY_ROWS.productType, id), {
      // itemCount is left alone: item writes ADD to it concurrently.
      update:
        'SET #n = :n, category = :c, description = :d, defaultHourlyRate = :h, defaultDailyRate = :dr, rates = :r, updatedAt = :u',
      condition: 'attribute_exists(pk)',
      names: { '#n': 'name' },
      values: {
        ':n': row.name,
        ':c': row.category,
        ':d': row.description,
        ':h': row.defaultHourlyRate,
        ':dr': row.defaultDailyRate,
        ':r': row.rates,
        ':u': row.updatedAt,
      },
    })
    .log(
      logRow(tenant, {
        eventType: 'PRODUCT_TYPE_UPDATED',
        actor,
        productType: { id, name: row.name },
        details: { operationType: 'UPDATE', productTypeName: row.name, changes },
      }),
    );
  await commitOr(w, 'type', notFound('Product type not found'));
  return row;
}

/** Refused while items still use the type (the condition reads the count the item writes keep). */
export async function deleteProductType(tenant: TenantId, actor: AuthClaims, id: string): Promise<void> {
  const type = await requireType(tenant, id);
  if ((type.itemCount ?? 0) > 0)
    throw conflict(`Cannot delete a product type that still has items (${type.itemCount})`);
  const variants = (await listRows(tenant, INVENTORY_ROWS.variant)).filter((v) => v.productTypeId === id);
  const w = auditedWrite(tenant).delete('type', keys.entity(tenant, INVENTORY_ROWS.productType, id), {
    condition: 'attribute_exists(pk) AND (attribute_not_exists(itemCount) OR itemCount <= :zero)',
    values: { ':zero': 0 },
  });
  // A type has a handful of variants; 97 leaves room for the type and the log entry.
  for (const v of variants.slice(0, 97)) w.delete(`variant:${v.id}`, keys.entity(tenant, INVENTORY_ROWS.variant, v.id));
  w.log(
    logRow(tenant, {
      eventType: 'PRODUCT_TYPE_DELETED',
      actor,
      productType: { id, name: type.name },
      details: { operationType: 'DELETE', productTypeName: type.name, variantCount: variants.length },
    }),
  );
  await commitOr(w, 'type', conflict('Cannot delete a product type that still has items'));
  // A type with more variants than one transaction holds: the rest belong to a type that is gone
  // (nothing can name them any more), so they are removed after it, best effort and idempotent.
  for (const v of variants.slice(97)) {
    await db().send(new DeleteCommand({ TableName: table(), Key: keys.entity(tenant, INVENTORY_ROWS.variant, v.id) }));
  }
}

function variantFields(input: VariantInput) {
  return {
    name: input.name,
    description: input.description?.trim() || null,
    hourlyRate: amount(input.hourlyRate),
    dailyRate: amount(input.dailyRate),
    rates: input.rates ?? [],
  };
}
const VARIANT_FIELDS = ['name', 'description', 'hourlyRate', 'dailyRate', 'rates'] as const;

export async function createVariant(
  tenant: TenantId,
  actor: AuthClaims,
  productTypeId: string,
  input: VariantInput,
): Promise<VariantRow> {
  const type = await requireType(tenant, productTypeId);
  const at = nowIso();
  const row: VariantRow = { id: randomUUID(), productTypeId, ...variantFields(input), createdAt: at, updatedAt: at };
  const w = auditedWrite(tenant)
    .check('type', keys.entity(tenant, INVENTORY_ROWS.productType, productTypeId), {
      condition: 'attribute_exists(pk)',
    })
    .put('variant', { ...keys.entity(tenant, INVENTORY_ROWS.variant, row.id), ...row })
    .log(
      logRow(tenant, {
        eventType: 'VARIANT_CREATED',
        actor,
        productType: { id: type.id, name: type.name },
        details: { operationType: 'CREATE', productTypeName: type.name, variantName: row.name },
      }),
    );
  await commitOr(w, 'type', notFound('Product type not found'));
  return row;
}

export async function updateVariant(
  tenant: TenantId,
  actor: AuthClaims,
  id: string,
  input: VariantInput,
): Promise<VariantRow> {
  const before = await requireVariant(tenant, id);
  const fields = variantFields(input);
  const row: VariantRow = { ...before, ...fields, updatedAt: nowIso() };
  const changes = changedFields(before as unknown as Record<string, unknown>, fields, VARIANT_FIELDS);
  const type = await getRow(tenant, INVENTORY_ROWS.productType, before.productTypeId);
  const w = auditedWrite(tenant)
    .put(
      'variant',
      { ...keys.entity(tenant, INVENTORY_ROWS.variant, id), ...row },
      { condition: 'attribute_exists(pk)' },
    )
    .log(
      logRow(tenant, {
        eventType: 'VARIANT_UPDATED',
        actor,
        productType: type ? { id: type.id, name: type.name } : null,
        details: { operationType: 'UPDATE', variantName: row.name, changes },
      }),
    );
  await commitOr(w, 'variant', notFound('Product variant not found'));
  return row;
}

/** Items that named the variant keep their type; their variant reads as none from then on. */
export async function deleteVariant(tenant: TenantId, actor: AuthClaims, id: string): Promise<void> {
  const before = await requireVariant(tenant, id);
  const type = await getRow(tenant, INVENTORY_ROWS.productType, before.productTypeId);
  const w = auditedWrite(tenant)
    .delete('variant', keys.entity(tenant, INVENTORY_ROWS.variant, id), { condition: 'attribute_exists(pk)' })
    .log(
      logRow(tenant, {
        eventType: 'VARIANT_DELETED',
        actor,
        productType: type ? { id: type.id, name: type.name } : null,
        details: { operationType: 'DELETE', variantName: before.name },
      }),
    );
  await commitOr(w, 'variant', notFound('Product variant not found'));
}

/** A location name is unique per tenant regardless of case; adding an existing one returns it. */
export async function createLocation(
  tenant: TenantId,
  input: z.infer<typeof locationBody>,
): Promise<{ location: LocationRow; created: boolean }> {
  const nameKey = input.name.trim().toLowerCase();
  const row: LocationRow = {
    id: randomUUID(),
    name: input.name.trim(),
    description: input.description?.trim() || null,
    createdAt: nowIso(),
  };
  try {
    // Locations keep no activity log (document 2 logs item and catalogue changes), so no log part.
    await auditedWrite(tenant)
      .put(
        'name',
        { ...keys.entity(tenant, INVENTORY_ROWS.locationName, nameKey), locationId: row.id },
        { condition: 'attribute_not_exists(pk)' },
      )
      .put('location', { ...keys.entity(tenant, INVENTORY_ROWS.location, row.id), ...row })
      .commit();
    return { location: row, created: true };
  } catch (e) {
    if (!(e instanceof WriteFailed && e.failed.includes('name'))) throw e;
    const pointer = await db().send(
      new GetCommand({
        TableName: table(),
        Key: keys.entity(tenant, INVENTORY_ROWS.locationName, nameKey),
        ConsistentRead: true,
      }),
    );
    const existing = pointer.Item
      ? await getRow(tenant, INVENTORY_ROWS.location, String(pointer.Item.locationId))
      : null;
    if (!existing) throw conflict('A location with this name already exists');
    return { location: existing, created: false };
  }
}

export async function listLocations(tenant: TenantId): Promise<LocationRow[]> {
  return (await listRows(tenant, INVENTORY_ROWS.location)).sort((a, b) => a.name.localeCompare(b.name));
}
