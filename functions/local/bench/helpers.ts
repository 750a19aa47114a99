import { batchPutAll } from '../../lib/db.js';
import type { BenchContext } from './types.js';

export const json = { 'content-type': 'application/json' };

export async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { ...json, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${url} → ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** A fresh tenant (invitation, sign-up, owner sign-in): returns the owner's token. */
export async function newTenant(ctx: BenchContext, label: string): Promise<string> {
  const email = `bench-owner-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'Bench-Owner-Pass-1';
  const { invitation } = await post<{ invitation: { inviteUrl: string } }>(
    `${ctx.url}/api/platform/invitations`,
    { firstName: 'Bench', lastName: 'Owner', email },
    ctx.admin.token,
  );
  const token = new URL(invitation.inviteUrl).searchParams.get('token');
  await post(`${ctx.url}/api/signup/complete`, {
    token,
    organizationName: `Bench ${label}`,
    phone: '(555) 000-0000',
    password,
    confirmPassword: password,
  });
  return (await post<{ token: string }>(`${ctx.url}/api/auth/login`, { username: email, password })).token;
}

/**
 * Seeds rows straight into the table (the bench measures reads, not how the rows got there): 25 a
 * BatchWriteItem, 8 batches in flight, unprocessed items sent again until none are left.
 */
export function putRows(rows: Record<string, unknown>[]): Promise<void> {
  return batchPutAll(rows);
}
