import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from './db.js';
import { keys, type TenantId } from './keys.js';
import { policyAsStored, type PermissionPolicy } from '../../shared/domain/roles.js';

/**
 * The tenant's permission policy (document 3), read on routes that name a permission. A warm Lambda
 * keeps it for 4 s so a burst of calls costs one read; a change saved by any function is seen by
 * every warm one within 5 s (4 s of cache plus the read), and at once by the function that saved it
 * (functions/settings/permissions.ts calls forgetPolicy). Tested in functions/settings/permission-matrix.int.test.ts.
 */
const POLICY_TTL_MS = 4_000;
const TTL_MS = POLICY_TTL_MS;
const cache = new Map<string, { at: number; policy: PermissionPolicy | null }>();

export async function loadPolicy(tenant: TenantId): Promise<PermissionPolicy | null> {
  const hit = cache.get(tenant);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.policy;
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: keys.permissionPolicy(tenant) }));
  const policy = policyAsStored(res.Item?.policy as PermissionPolicy | undefined, res.Item?.revision);
  cache.set(tenant, { at: Date.now(), policy });
  return policy;
}

export function forgetPolicy(tenant: TenantId): void {
  cache.delete(tenant);
}
