import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, nowIso, tableName } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';
import { getRow } from '../lib/coalesced-get.js';

/**
 * The tax row (R-SET-5 "Tax settings": rate, enabled). One row per tenant under
 * `T#{tenant}` / `SETTINGS#TAX`. The rate is kept in hundredths of a percent (8.25 % = 825) so it
 * is always an exact 0.00-99.99 value; readers get it back as a percentage number.
 */
export interface TaxSettings {
  /** Percent, 0.00 to 99.99 with at most 2 decimals. */
  rate: number;
  enabled: boolean;
}

const taxKey = (tenant: TenantId) => keys.settings(tenant, 'TAX');

export function percentToBasisPoints(rate: number): number {
  return Math.round(rate * 100);
}

export function basisPointsToPercent(bp: number): number {
  return bp / 100;
}

/** The tenant's tax settings; a missing row means tax is disabled at 0 %. */
export async function readTaxSettings(tenant: TenantId): Promise<TaxSettings> {
  const item = await getRow(taxKey(tenant));
  if (!item) return { rate: 0, enabled: false };
  const bp = typeof item.rateBasisPoints === 'number' ? item.rateBasisPoints : 0;
  return { rate: basisPointsToPercent(bp), enabled: item.enabled === true };
}

/**
 * The rate that charges apply: the stored rate when tax is enabled, else 0 (R-SET-4: "tax
 * rate = the reservation's, else the organisation's, else 0").
 */
export async function effectiveTaxRate(tenant: TenantId): Promise<number> {
  const t = await readTaxSettings(tenant);
  return t.enabled ? t.rate : 0;
}

export async function writeTaxSettings(tenant: TenantId, value: TaxSettings, actorId: string): Promise<TaxSettings> {
  const bp = percentToBasisPoints(value.rate);
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...taxKey(tenant),
        type: 'TAX_SETTINGS',
        rateBasisPoints: bp,
        enabled: value.enabled,
        updatedAt: nowIso(),
        updatedBy: actorId,
      },
    }),
  );
  return { rate: basisPointsToPercent(bp), enabled: value.enabled };
}
