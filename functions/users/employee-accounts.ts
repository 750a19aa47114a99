import { randomUUID } from 'node:crypto';
import type * as z from '../../shared/zod.js';
import { getOrganization, normalizeUsername } from '../auth/store.js';
import { tenantUrl } from '../auth/urls.js';
import { isConditionFailure, nowIso } from '../lib/db.js';
import { conflict, forbidden } from '../lib/errors.js';
import { type TenantId } from '../lib/keys.js';
import { trySendMail } from '../lib/mail.js';
import { forgetSessions } from '../lib/middlewares/authenticate.js';
import type { AuthClaims } from '../lib/tokens.js';
import type { inviteBody } from '../../shared/contract/employee-models.js';
import { OWNER_MESSAGES } from '../../shared/domain/employees.js';
import { toCents } from '../../shared/domain/money.js';
import { createPendingEmployee, newSetupToken, rotateSetupToken } from './setup-link.js';
import { auditPut, deactivateEmployee, deleteEmployee } from './store.js';
import type { EmployeeRow } from './employee-row.js';
import { actorOf, changeableEmployee, detailEmployee, emailInUse, orgName } from './employee-view.js';

async function mailSetupLink(tenant: TenantId, row: EmployeeRow, token: string, validUntil: string): Promise<boolean> {
  // The templates (their defaults and handlebars) load with the mail too: users' cold start stays within budget.
  const [org, { organizationTimeZone }, { formatDateTimeIn }, { renderStoredEmail }] = await Promise.all([
    getOrganization(tenant),
    import('../lib/organization.js'),
    import('../../shared/domain/time-text.js'),
    import('../lib/template-store.js'),
  ]);
  const zone = await organizationTimeZone(tenant);
  if (!org) return false;
  const vars = {
    firstName: row.firstName,
    lastName: row.lastName,
    organizationName: org.name,
    // The organization's clock, named (docs/decisions/0008-one-time-zone.md); the zone and month names load with the mail, not at cold start.
    setupUrl: tenantUrl(org.subdomain, `/setup-account/${token}`).toString(),
    expiresAt: formatDateTimeIn(validUntil, zone, { zoneName: true }),
  };
  return trySendMail({ to: row.email, ...(await renderStoredEmail('employee-setup', vars)), tenant });
}

export async function inviteOp(tenant: TenantId, auth: AuthClaims, body: z.output<typeof inviteBody>) {
  // A key gives no rights (R-EMP-10): it invites at the employee level only.
  if (auth.apiKey && (body.accessLevel ?? 'EMPLOYEE') !== 'EMPLOYEE') throw forbidden(OWNER_MESSAGES.keyRights);
  const email = normalizeUsername(body.email);
  if (await emailInUse(tenant, email)) throw conflict('A user with this email already exists');
  const setup = newSetupToken();
  const now = nowIso();
  const row: EmployeeRow = {
    id: randomUUID(),
    username: email,
    email,
    firstName: body.firstName,
    lastName: body.lastName,
    phone: body.phone || null,
    role: 'EMPLOYEE',
    accessLevel: body.accessLevel ?? 'EMPLOYEE',
    organizationId: tenant,
    isActive: false,
    status: 'PENDING',
    createdAt: now,
    updatedAt: now,
    jobRole: body.jobRole || null,
    location: body.location || null,
    hourlyWageCents: typeof body.hourlyWage === 'number' ? toCents(body.hourlyWage) : null,
    startDate: body.startDate || null,
    setupTokenHash: setup.hash,
    setupValidUntil: setup.validUntil,
    invitedBy: auth.userId,
  };
  const actor = await actorOf(tenant, auth);
  await createPendingEmployee(
    tenant,
    row,
    setup,
    auditPut(tenant, {
      action: 'INVITED',
      userId: row.id,
      actorUserId: actor.userId,
      actorName: actor.name,
      changes: [
        { field: 'role', to: row.role },
        { field: 'accessLevel', to: row.accessLevel },
        { field: 'hourlyWageCents', to: row.hourlyWageCents },
      ],
    }),
  );
  const emailSent = await mailSetupLink(tenant, row, setup.token, setup.validUntil);
  return {
    statusCode: 201,
    body: {
      success: true as const,
      message: 'Employee created and invitation email sent!',
      emailSent,
      employee: await detailEmployee(tenant, row, await orgName(tenant)),
    },
  };
}

export async function resendOp(tenant: TenantId, auth: AuthClaims, id: string) {
  const row = await changeableEmployee(tenant, auth, id);
  if (row.status !== 'PENDING') throw conflict('Only pending accounts can be sent a new invitation');
  const setup = newSetupToken();
  try {
    await rotateSetupToken(tenant, row, setup);
  } catch (e) {
    if (isConditionFailure(e)) throw conflict('This account changed meanwhile; refresh and try again');
    throw e;
  }
  const emailSent = await mailSetupLink(tenant, row, setup.token, setup.validUntil);
  return {
    success: true as const,
    message: 'Invitation email resent successfully!',
    emailSent,
    setupExpiresAt: setup.validUntil,
  };
}

export async function deactivateOp(tenant: TenantId, auth: AuthClaims, id: string) {
  if (id === auth.userId) throw conflict('You cannot deactivate your own account');
  const row = await changeableEmployee(tenant, auth, id, { removal: true });
  if (row.status !== 'ACTIVE') throw conflict('Only active accounts can be deactivated');
  try {
    await deactivateEmployee(tenant, row, await actorOf(tenant, auth));
    // This warm function re-reads accounts at once; others within the pipeline's session window (≤ 60 s).
    forgetSessions();
  } catch (e) {
    if (isConditionFailure(e)) throw conflict('Only active accounts can be deactivated');
    throw e;
  }
  return { success: true as const, message: 'Employee deactivated. They can no longer log in.' };
}

export async function deleteOp(tenant: TenantId, auth: AuthClaims, id: string) {
  if (id === auth.userId) throw conflict('You cannot delete your own account');
  const row = await changeableEmployee(tenant, auth, id, { removal: true });
  try {
    await deleteEmployee(tenant, row, await actorOf(tenant, auth));
    forgetSessions();
  } catch (e) {
    if (isConditionFailure(e)) throw conflict('This employee changed meanwhile; refresh and try again');
    throw e;
  }
  // The documents module loads with the routes that use it (./handler.ts), not at cold start.
  const { deleteAllDocuments } = await import('./documents.js');
  await deleteAllDocuments(tenant, id);
  if (row.profilePictureBaseKey) await (await import('./picture.js')).dropPicture(tenant, row.profilePictureBaseKey);
  return { success: true as const, message: 'Employee deleted' };
}
