import { randomBytes, randomUUID } from 'node:crypto';
import { DEFAULT_TIME_ZONE } from '../../shared/domain/time.js';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, nowIso, tableName } from '../lib/db.js';
import { conflict } from '../lib/errors.js';
import { keys, trustedTenant } from '../lib/keys.js';
import { optimistic, retryWhen } from '../lib/optimistic.js';
import { hashPassword, verifyPassword } from '../lib/passwords.js';
import { RESERVED_SUBDOMAINS, subdomainFromName } from '../../shared/domain/subdomain.js';
import { userCountUpdate } from './user-stats.js';
import { findUserByUsername, normalizeUsername, subdomainTaken, upsertPlatformAdmin, userPuts } from './store.js';
import type { OrganizationRecord, UserRecord } from './entity.js';
import { tenantUrl } from './urls.js';

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

export class ExtraConditionFailed extends Error {}

/** The label an organization name asks for, before any suffix (R-PLAT-2 derivation). */
export const wantedSubdomain = (name: string) => subdomainFromName(name).slice(0, 50).replace(/-+$/, '') || 'org';

/** acme, then acme-2, acme-3, ...: the first label nobody holds (R-PLAT-2 derivation). */
export async function freeSubdomain(name: string, skip: Set<string>): Promise<string> {
  const base = wantedSubdomain(name);
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (RESERVED_SUBDOMAINS.has(candidate) || skip.has(candidate)) continue;
    if (!(await subdomainTaken(candidate))) return candidate;
  }
  throw conflict('Could not find a free subdomain for this organization name');
}

/**
 * Creates an organization, its subdomain claim, its BUSINESS_ADMIN and that admin's username in one
 * transaction, together with `extra` (for sign-up: consuming the invitation). Either all of it
 * exists afterwards or none of it does. A subdomain taken in a race is retried with the next suffix.
 */
export async function createOrganization(input: {
  name: string;
  phone?: string;
  timeZone?: string;
  owner: { email: string; firstName: string; lastName: string; password: string };
  extra?: TransactItem[];
}): Promise<{ organization: OrganizationRecord; owner: UserRecord }> {
  const username = normalizeUsername(input.owner.email);
  if (await findUserByUsername(username))
    throw conflict('An account with this email already exists. Please sign in instead.');
  const passwordHash = await hashPassword(input.owner.password);
  const tried = new Set<string>();
  return optimistic(
    async () => {
      const subdomain = await freeSubdomain(input.name, tried);
      const orgId = randomUUID().replace(/-/g, '');
      const tenant = trustedTenant(orgId);
      const now = nowIso();
      const organization: OrganizationRecord = {
        id: orgId,
        name: input.name.trim(),
        subdomain,
        status: 'ACTIVE',
        phone: input.phone,
        timeZone: input.timeZone ?? DEFAULT_TIME_ZONE,
        createdAt: now,
      };
      const owner: UserRecord = {
        id: randomUUID(),
        username,
        email: username,
        firstName: input.owner.firstName.trim(),
        lastName: input.owner.lastName.trim(),
        phone: input.phone ?? null,
        role: 'BUSINESS_ADMIN',
        accessLevel: 'MANAGER',
        organizationId: orgId,
        passwordHash,
        isActive: true,
        createdAt: now,
      };
      organization.ownerUserId = owner.id;
      const items: TransactItem[] = [
        {
          Put: {
            TableName: tableName(),
            Item: { ...keys.subdomain(subdomain), organizationId: orgId },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.organization(tenant),
              ...keys.organizationsIndex(tenant),
              gsi1sk: `${now}#${orgId}`,
              ...organization,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        ...userPuts(owner),
        ...(input.extra ?? []),
        // Last, so the extra items keep their positions (index 4 on) in the cancellation reasons.
        userCountUpdate(tenant, 1),
      ];
      try {
        await db().send(new TransactWriteCommand({ TransactItems: items }));
        return { organization, owner };
      } catch (e) {
        const reasons = (e as { name?: string; CancellationReasons?: { Code?: string }[] }).CancellationReasons;
        if ((e as { name?: string }).name !== 'TransactionCanceledException' || !reasons) throw e;
        const failed = reasons.map((r) => r.Code === 'ConditionalCheckFailed');
        // The caller's own conditions (an invitation already used) explain a failure best: check them first.
        if (failed.slice(4).some(Boolean)) throw new ExtraConditionFailed();
        if (failed[2]) throw conflict('An account with this email already exists. Please sign in instead.');
        if (failed[0]) tried.add(subdomain);
        // A subdomain taken meanwhile, or a concurrent transaction on the same rows: try again.
        return retryWhen(e, failed[0] === true || reasons.some((r) => r.Code === 'TransactionConflict'));
      }
    },
    () => {
      throw conflict('Could not reserve a subdomain for this organization. Please try again.');
    },
  );
}

/** The SUPER_ADMIN the local runtime (and a fresh deployment's bootstrap) ensures at every start. */
export async function ensurePlatformAdmin(opts: { email: string; password?: string }): Promise<{ created: boolean }> {
  // A new password ends the admin's sessions (the session epoch): the same one, applied again at
  // every local start from PLATFORM_ADMIN_PASSWORD, is no change and signs nobody out.
  const existing = opts.password ? await findUserByUsername(opts.email) : undefined;
  const same =
    !!existing?.passwordHash && existing.isActive && (await verifyPassword(opts.password!, existing.passwordHash));
  const { created } = await upsertPlatformAdmin(
    opts.email,
    opts.password && !same ? await hashPassword(opts.password) : undefined,
  );
  return { created };
}

/** A demo organization with a BUSINESS_ADMIN, for a newcomer's first start. */
export async function seedDemoTenant(opts: { name?: string; email?: string; password?: string } = {}) {
  const email = opts.email ?? 'owner@demo-rentals.local';
  const password = opts.password ?? randomBytes(9).toString('base64url');
  const { organization } = await createOrganization({
    name: opts.name ?? 'Demo Rentals',
    phone: '(555) 010-0100',
    owner: { email, firstName: 'Demo', lastName: 'Owner', password },
  });
  return {
    subdomain: organization.subdomain,
    email,
    password,
    loginUrl: tenantUrl(organization.subdomain, '/login').toString(),
  };
}
