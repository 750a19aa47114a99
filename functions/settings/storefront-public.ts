import { getRow } from '../lib/coalesced-get.js';
import { keys, type TenantId } from '../lib/keys.js';
import { EMPTY_STOREFRONT, PAYMENT_METHODS, type StorefrontSettings } from '../../shared/domain/storefront.js';

/**
 * Terms, branding and payments (R-SET-15..R-SET-17) share one row, `T#{tenant}` / `SETTINGS#STOREFRONT`, so the
 * public service page reads them with one GetItem; each page saves only its own attributes.
 */
export const storefrontKey = (tenant: TenantId) => keys.settings(tenant, 'STOREFRONT');
const text = (v: unknown) => (typeof v === 'string' ? v : '');

export async function readStorefront(tenant: TenantId): Promise<StorefrontSettings> {
  const item = (await getRow(storefrontKey(tenant))) ?? {};
  return {
    rentalTerms: text(item.rentalTerms),
    cancellationPolicy: text(item.cancellationPolicy),
    accentColor: text(item.accentColor),
    paymentMethods: Array.isArray(item.paymentMethods)
      ? PAYMENT_METHODS.filter((m) => (item.paymentMethods as unknown[]).includes(m))
      : [...EMPTY_STOREFRONT.paymentMethods],
    paymentInstructions: text(item.paymentInstructions),
  };
}
