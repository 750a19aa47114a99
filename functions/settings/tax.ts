import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, nowIso, tableName } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';
import { getRow } from '../lib/coalesced-get.js';
import { percentToThousandths, thousandthsToPercent } from '../../shared/domain/money.js';

/**
 * The tax row (R-SET-5 "Tax settings": rate, enabled). One row per tenant under
 * `T#{tenant}` / `SETTINGS#TAX`. The rate is kept as a whole number of thousandths of a percent
 * (`rateThousandths`, 8.875 % = 8875) so it is always an exact 0.000-99.990 value (R-SET-4,
 * docs/decisions/0255-tax-rate-three-decimals.md); readers get it back as a percentage number. Rows saved
 * before rates took 3 decimals hold `rateBasisPoints` (hundredths, 8.25 % = 825) and read the same.
 */
interface TaxSettings {
  /** Percent, 0.00 to 99.99 with at most 3 decimals. */
  rate: number;
  enabled: boolean;
}

const taxKey = (tenant: TenantId) => keys.settings(tenant, 'TAX');

/** The stored rate in thousandths of a percent: the current attribute, else a legacy row's hundredths. */
function storedRateThousandths(item: Record<string, unknown>): number {
  if (typeof item.rateThousandths === 'number' && Number.isFinite(item.rateThousandths)) return item.rateThousandths;
  if (typeof item.rateBasisPoints === 'number' && Number.isFinite(item.rateBasisPoints))
    return item.rateBasisPoints * 10;
  return 0;
}

/** The tenant's tax settings; a missing row means tax is disabled at 0 %. */
export async function readTaxSettings(tenant: TenantId): Promise<TaxSettings> {
  const item = await getRow(taxKey(tenant));
  if (!item) return { rate: 0, enabled: false };
  return { rate: thousandthsToPercent(storedRateThousandths(item)), enabled: item.enabled === true };
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
  const thousandths = percentToThousandths(value.rate);
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...taxKey(tenant),
        type: 'TAX_SETTINGS',
        rateThousandths: thousandths,
        enabled: value.enabled,
        updatedAt: nowIso(),
        updatedBy: actorId,
      },
    }),
  );
  return { rate: thousandthsToPercent(thousandths), enabled: value.enabled };
}
