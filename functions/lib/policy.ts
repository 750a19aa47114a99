import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './db.js';
import { keys, type TenantId } from './keys.js';
import type { PermissionPolicy } from '../../shared/domain/roles.js';

/**
 * The tenant's permission policy (document 3), read on routes that name a permission. A warm Lambda
 * keeps it for a few seconds so a burst of calls costs one read; a saved change is seen within that.
 */
const TTL_MS = 5_000;
const cache = new Map<string, { at: number; policy: PermissionPolicy | null }>();

export async function loadPolicy(tenant: TenantId): Promise<PermissionPolicy | null> {
  const hit = cache.get(tenant);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.policy;
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: keys.permissionPolicy(tenant) }));
  const policy = (res.Item?.policy as PermissionPolicy | undefined) ?? null;
  cache.set(tenant, { at: Date.now(), policy });
  return policy;
}

export function forgetPolicy(tenant: TenantId): void {
  cache.delete(tenant);
}
