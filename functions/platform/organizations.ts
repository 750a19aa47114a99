/**
 * The organization a platform route names, shared by the tenant figures (./metrics.ts), the module
 * switches (./modules.ts) and the tenant status (./tenant-status.ts) in a module of its own, so the
 * metrics and the module switches do not import each other.
 */
import { notFound } from '../lib/errors.js';
import { trustedTenant, type TenantId } from '../lib/keys.js';
import type { OrganizationRecord } from '../auth/entity.js';
import { getOrganization } from '../auth/store.js';

/** An organization id from a platform route's path: a tenant only if its organization row exists. */
export async function existingTenant(id: string): Promise<{ tenant: TenantId; org: OrganizationRecord }> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw notFound('Organization not found');
  const tenant = trustedTenant(id);
  const org = await getOrganization(tenant);
  if (!org) throw notFound('Organization not found');
  return { tenant, org };
}
