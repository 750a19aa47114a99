/**
 * Key builders. Every tenant row's partition key starts with `T#{tenantId}`, and every builder of a
 * tenant row takes the tenant, so a store function cannot address another tenant's rows by accident.
 * Platform rows (organizations index, invitations, sign-in names, share tokens) start with other
 * prefixes and hold only pointers into a tenant, never tenant data.
 */
import { shardedIndexKey } from './sweep-shard-keys.js';

/** The base gsi1pk of the organizations index (its shards: `ORGS#{n}`). */
export const ORGANIZATIONS_INDEX = 'ORGS';

declare const tenantBrand: unique symbol;
/** A tenant id that came from a verified token or a share-token lookup, never from a request body. */
export type TenantId = string & { readonly [tenantBrand]: true };

export function trustedTenant(id: string): TenantId {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new Error('Malformed tenant id');
  return id as TenantId;
}

export interface Key {
  pk: string;
  sk: string;
}

const t = (tenant: TenantId) => `T#${tenant}`;

export const keys = {
  // Platform rows
  organization: (tenant: TenantId): Key => ({ pk: t(tenant), sk: 'ORG' }),
  /** The organizations index, sharded by tenant (R-PLAT-17: functions/lib/sweep-shards.ts). */
  organizationsIndex: (tenant: TenantId) => ({ gsi1pk: shardedIndexKey(ORGANIZATIONS_INDEX, tenant) }),
  subdomain: (subdomain: string): Key => ({ pk: `SUBDOMAIN#${subdomain}`, sk: 'SUBDOMAIN' }),
  username: (username: string): Key => ({ pk: `USERNAME#${username.trim().toLowerCase()}`, sk: 'USERNAME' }),
  loginFailures: (username: string): Key => ({ pk: `LOGINFAIL#${username.trim().toLowerCase()}`, sk: 'LOGINFAIL' }),
  platformUser: (userId: string): Key => ({ pk: 'PLATFORM', sk: `USER#${userId}` }),
  invitationsPartition: () => 'PLATFORM#INVITES',
  invitation: (id: string): Key => ({ pk: 'PLATFORM#INVITES', sk: `INVITE#${id}` }),
  invitationToken: (tokenHash: string): Key => ({ pk: `INVITETOKEN#${tokenHash}`, sk: 'INVITETOKEN' }),
  shareToken: (tokenHash: string): Key => ({ pk: `SHARE#${tokenHash}`, sk: 'SHARE' }),
  /** A signed-out session (token `sid`), kept until the token expires (TTL). */
  revokedSession: (sessionId: string): Key => ({ pk: `REVOKEDSESSION#${sessionId}`, sk: 'REVOKEDSESSION' }),

  // Tenant rows
  tenantPartition: (tenant: TenantId) => t(tenant),
  user: (tenant: TenantId, userId: string): Key => ({ pk: t(tenant), sk: `USER#${userId}` }),
  permissionPolicy: (tenant: TenantId): Key => ({ pk: t(tenant), sk: 'SETTINGS#PERMISSIONS' }),
  settings: (tenant: TenantId, name: string): Key => ({ pk: t(tenant), sk: `SETTINGS#${name}` }),
  /** Any other tenant entity: `{ENTITY}#{id}` under the tenant partition. */
  entity: (tenant: TenantId, entity: string, id: string): Key => ({ pk: t(tenant), sk: `${entity}#${id}` }),
  /** A tenant-scoped collection in an index: `T#{tenant}#{name}`. */
  tenantIndex: (tenant: TenantId, name: string) => `${t(tenant)}#${name}`,
};
