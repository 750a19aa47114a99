import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../lib/db.js';
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
export async function putRows(rows: Record<string, unknown>[]): Promise<void> {
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < rows.length; i += 25) batches.push(rows.slice(i, i + 25));
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < batches.length) {
        let pending = batches[next++]!.map((Item) => ({ PutRequest: { Item } }));
        while (pending.length) {
          const res = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
          pending = (res.UnprocessedItems?.[tableName()] ?? []) as typeof pending;
        }
      }
    }),
  );
}
