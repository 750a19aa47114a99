import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, nowIso, tableName } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';
import { notFound } from '../lib/errors.js';
import { forgetOrganizationTimeZones, organizationTimeZone } from '../lib/organization.js';
import { STORE_CURRENCY, STORE_LANGUAGE, type StorefrontSettings } from '../../shared/domain/storefront.js';
import type { Operations } from '../lib/pipeline.js';
import { storefrontKey } from './storefront-public.js';

import { readStorefront } from './storefront-public.js';

export { readStorefront };

/**
 * The General page (R-SET-14): the organization's zone lives on its row (`timeZone`, what organizationTimeZone reads);
 * currency and language are the product's only ones.
 */
async function readGeneral(tenant: TenantId) {
  return { timeZone: await organizationTimeZone(tenant), currency: STORE_CURRENCY, language: STORE_LANGUAGE } as const;
}

export async function writeGeneral(tenant: TenantId, timeZone: string, actorId: string) {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.organization(tenant),
        UpdateExpression: 'SET #tz = :tz, timeZoneUpdatedAt = :at, timeZoneUpdatedBy = :by',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#tz': 'timeZone' },
        ExpressionAttributeValues: { ':tz': timeZone, ':at': nowIso(), ':by': actorId },
      }),
    );
  } catch (e) {
    if ((e as { name?: string }).name === 'ConditionalCheckFailedException') throw notFound('Organization not found');
    throw e;
  }
  // This process answers the new zone at once; other warm functions within their minute (lib/organization.ts).
  forgetOrganizationTimeZones();
  return readGeneral(tenant);
}

/** Terms, branding and payments (R-SET-15..R-SET-17): one row, each page saves only its own attributes. */
export async function writeStorefront<K extends keyof StorefrontSettings>(
  tenant: TenantId,
  part: Pick<StorefrontSettings, K>,
  actorId: string,
): Promise<Pick<StorefrontSettings, K>> {
  const names = Object.keys(part) as K[];
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: storefrontKey(tenant),
      UpdateExpression: `SET #type = :type, updatedAt = :at, updatedBy = :by, ${names.map((n) => `#${n} = :${n}`).join(', ')}`,
      ExpressionAttributeNames: { '#type': 'type', ...Object.fromEntries(names.map((n) => [`#${n}`, n])) },
      ExpressionAttributeValues: {
        ':type': 'STOREFRONT_SETTINGS',
        ':at': nowIso(),
        ':by': actorId,
        ...Object.fromEntries(names.map((n) => [`:${n}`, part[n]])),
      },
    }),
  );
  return part;
}

/** The store pages' operations (R-SET-14..R-SET-17), loaded by the settings handler on first use. */
export const storePageOperations: Operations<'settings'> = {
  'settings.getGeneral': async ({ tenant }) => ({ success: true, data: await readGeneral(tenant) }),
  'settings.updateGeneral': async ({ tenant, body, auth }) => ({
    success: true,
    data: await writeGeneral(tenant, body.timeZone, auth.userId),
    message: 'Time zone saved',
  }),
  'settings.getTerms': async ({ tenant }) => {
    const s = await readStorefront(tenant);
    return { success: true, data: { rentalTerms: s.rentalTerms, cancellationPolicy: s.cancellationPolicy } };
  },
  'settings.updateTerms': async ({ tenant, body, auth }) => ({
    success: true,
    data: await writeStorefront(tenant, body, auth.userId),
    message: 'Terms & policies saved',
  }),
  'settings.getBranding': async ({ tenant }) => ({
    success: true,
    data: { accentColor: (await readStorefront(tenant)).accentColor },
  }),
  'settings.updateBranding': async ({ tenant, body, auth }) => ({
    success: true,
    data: await writeStorefront(tenant, body, auth.userId),
    message: 'Branding saved',
  }),
  'settings.getPayments': async ({ tenant }) => {
    const s = await readStorefront(tenant);
    return { success: true, data: { paymentMethods: s.paymentMethods, paymentInstructions: s.paymentInstructions } };
  },
  'settings.updatePayments': async ({ tenant, body, auth }) => ({
    success: true,
    data: await writeStorefront(tenant, body, auth.userId),
    message: 'Payment settings saved',
  }),
};
