import { type TenantId } from '../lib/keys.js';
import { listEmployees } from './store.js';
import { detailEmployee, orgName, publicEmployee, requireEmployee } from './employee-view.js';

/** The employee reads every screen starts from (R-EMP-3, R-EMP-8); the account changes are in ./employee-accounts.ts. */
export async function listOp(tenant: TenantId) {
  const [rows, org] = await Promise.all([listEmployees(tenant), orgName(tenant)]);
  return { users: rows.map((r) => publicEmployee(r, org)) };
}

export async function getOp(tenant: TenantId, id: string) {
  const [row, org] = await Promise.all([requireEmployee(tenant, id), orgName(tenant)]);
  return { employee: await detailEmployee(tenant, row, org) };
}
