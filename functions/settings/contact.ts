import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, nowIso, tableName } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';
import { EMPTY_CONTACT } from '../../shared/domain/settings.js';
import type { ContactSettings } from '../../shared/contract/settings-models.js';

/** The store's contact row (R-SET-2 "Contact settings"): `T#{tenant}` / `SETTINGS#CONTACT`. */
const contactKey = (tenant: TenantId) => keys.settings(tenant, 'CONTACT');

/** The tenant's contact details; a missing row reads as six empty fields. */
export async function readContact(tenant: TenantId): Promise<ContactSettings> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: contactKey(tenant) }));
  const item = res.Item ?? {};
  const out = { ...EMPTY_CONTACT };
  for (const k of Object.keys(EMPTY_CONTACT) as (keyof ContactSettings)[])
    if (typeof item[k] === 'string') out[k] = item[k];
  return out;
}

export async function writeContact(
  tenant: TenantId,
  value: ContactSettings,
  actorId: string,
): Promise<ContactSettings> {
  const clean = { ...EMPTY_CONTACT };
  for (const k of Object.keys(EMPTY_CONTACT) as (keyof ContactSettings)[]) clean[k] = value[k] ?? '';
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...contactKey(tenant), type: 'CONTACT_SETTINGS', ...clean, updatedAt: nowIso(), updatedBy: actorId },
    }),
  );
  return clean;
}

/**
 * What a customer sees of the business on the public service page: its name (the store name, else the
 * organization's), its address on one line and its phone. Blank parts are null.
 */
export async function publicBusinessContact(
  tenant: TenantId,
  organizationName?: string | null,
): Promise<{ name: string; address: string | null; phone: string | null }> {
  const [c, org] = await Promise.all([
    readContact(tenant),
    organizationName === undefined
      ? db().send(
          new GetCommand({
            TableName: tableName(),
            Key: keys.organization(tenant),
            ProjectionExpression: '#n',
            ExpressionAttributeNames: { '#n': 'name' },
          }),
        )
      : null,
  ]);
  const orgName = organizationName ?? (org?.Item?.name as string | undefined) ?? '';
  const cityLine = [c.city, c.zipCode].filter(Boolean).join(' ');
  const address = [c.streetAddress, cityLine].filter(Boolean).join(', ');
  return { name: c.storeName || orgName, address: address || null, phone: c.phoneNumber || null };
}
