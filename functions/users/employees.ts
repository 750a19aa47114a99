import { randomUUID } from 'node:crypto';
import type * as z from '../../shared/zod.js';
import { findUserByUsername, getOrganization, normalizeUsername } from '../auth/store.js';
import { tenantUrl } from '../auth/urls.js';
import { isConditionFailure, nowIso, tableName } from '../lib/db.js';
import { ApiError, conflict, forbidden, notFound } from '../lib/errors.js';
import { photoKeys, presignGet } from '../lib/files.js';
import { keys, trustedTenant, type TenantId } from '../lib/keys.js';
import { trySendMail } from '../lib/mail.js';
import { forgetSessions } from '../lib/middlewares/authenticate.js';
import { hashPassword } from '../lib/passwords.js';
import { hashToken } from '../lib/secure-token.js';
import type { AuthClaims } from '../lib/tokens.js';
import type { completeSignupBody, inviteBody, userUpdateBody } from '../../shared/contract/routes/users.js';
import {
  canDeleteEmployee,
  EMPLOYEE_MESSAGES,
  SETUP_TOKEN_PATTERN,
  splitLegalName,
  ssnDigits,
  userChangeRefusal,
} from '../../shared/domain/employees.js';
import { toCents, fromCents } from '../../shared/domain/money.js';
import { roleFlags } from '../../shared/domain/roles.js';
import {
  auditPut,
  completeSetup,
  createPendingEmployee,
  deactivateEmployee,
  deleteEmployee,
  EmailTakenError,
  findSetupPointer,
  getEmployee,
  listEmployees,
  newSetupToken,
  openField,
  rotateSetupToken,
  saveEmployee,
  sealField,
  statusOf,
  type EmployeeRow,
} from './store.js';

type OrgName = { name: string } | null;

/** The list row (R-EMP-3). Pending accounts show the username 'pending-setup' (§4). */
export function publicEmployee(r: EmployeeRow, org: OrgName) {
  const status = statusOf(r) as 'PENDING' | 'ACTIVE' | 'INACTIVE';
  return {
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    phone: r.phone ?? null,
    username: status === 'PENDING' ? 'pending-setup' : r.username,
    role: r.role,
    accessLevel: r.accessLevel === 'MANAGER' ? ('MANAGER' as const) : ('EMPLOYEE' as const),
    status,
    isActive: status === 'ACTIVE',
    jobRole: r.jobRole ?? null,
    location: r.location ?? null,
    hourlyWage: r.hourlyWageCents == null ? null : fromCents(r.hourlyWageCents),
    hourlyWageCents: r.hourlyWageCents ?? null,
    startDate: r.startDate ?? null,
    createdAt: r.createdAt,
    organization: org,
  };
}

/** The detail: the date of birth decrypted for those allowed to view employees; the SSN as its last 4 digits only. */
export async function detailEmployee(tenant: TenantId, r: EmployeeRow, org: OrgName) {
  return {
    ...publicEmployee(r, org),
    hasPin: !!r.pinEnc,
    preferredName: r.preferredName ?? null,
    personalEmail: r.personalEmail ?? null,
    mobileNumber: r.phone ?? null,
    emergencyContact: r.emergencyContact ?? null,
    dateOfBirth: r.dobEnc ? await openField(tenant, r.id, 'dob', r.dobEnc) : null,
    ssnLast4: r.ssnLast4 ?? null,
    homeAddress: r.homeAddress ?? null,
    managerNotes: r.managerNotes ?? null,
    profilePicture: r.profilePictureBaseKey
      ? await pictureUrl(tenant, r.profilePictureBaseKey)
      : (r.profilePicture ?? null),
    setupExpiresAt: statusOf(r) === 'PENDING' ? (r.setupValidUntil ?? null) : null,
    deactivatedAt: r.deactivatedAt ?? null,
  };
}

/** The header's picture: the medium variant the resize step wrote, a presigned GET minted on every read. */
async function pictureUrl(tenant: TenantId, baseKey: string): Promise<string> {
  return presignGet(photoKeys.variant(tenant, 'medium', baseKey));
}

/** The detail answer of a row, with its organization's name. */
export async function detailAnswer(tenant: TenantId, r: EmployeeRow) {
  return detailEmployee(tenant, r, await orgName(tenant));
}

async function orgName(tenant: TenantId): Promise<OrgName> {
  const org = await getOrganization(tenant);
  return org ? { name: org.name } : null;
}

async function actorOf(tenant: TenantId, auth: AuthClaims) {
  const row = await getEmployee(tenant, auth.userId);
  return { userId: auth.userId, name: row ? `${row.firstName} ${row.lastName}`.trim() : auth.username };
}

async function requireEmployee(tenant: TenantId, id: string) {
  const row = await getEmployee(tenant, id);
  if (!row) throw notFound('Employee not found');
  return row;
}

/**
 * The users area's gate for every route that changes a user record or its documents (docs/decisions/sessions-follow-the-account.md;
 * the rule is shared/domain/employees.ts `userChangeRefusal`): the row, or 404 / 403.
 */
export async function changeableEmployee(
  tenant: TenantId,
  auth: AuthClaims,
  id: string,
  change?: Parameters<typeof userChangeRefusal>[2],
) {
  const row = await requireEmployee(tenant, id);
  const refusal = userChangeRefusal(auth, row, change);
  if (refusal) throw forbidden(refusal);
  return row;
}

async function mailSetupLink(tenant: TenantId, row: EmployeeRow, token: string, validUntil: string): Promise<boolean> {
  // The templates (their defaults and handlebars) load with the mail too: users' cold start stays within budget.
  const [org, { organizationTimeZone }, { formatDateTimeIn }, { renderStoredEmail }] = await Promise.all([
    getOrganization(tenant),
    import('../lib/organization.js'),
    import('../../shared/domain/time-text.js'),
    import('../platform/template-store.js'),
  ]);
  const zone = await organizationTimeZone(tenant);
  if (!org) return false;
  const vars = {
    firstName: row.firstName,
    lastName: row.lastName,
    organizationName: org.name,
    // The organization's clock, named (docs/decisions/one-time-zone.md); the zone and month names load with the mail, not at cold start.
    setupUrl: tenantUrl(org.subdomain, `/setup-account/${token}`).toString(),
    expiresAt: formatDateTimeIn(validUntil, zone, { zoneName: true }),
  };
  return trySendMail({ to: row.email, ...(await renderStoredEmail('employee-setup', vars)), tenant });
}

/**
 * This tenant's users only (docs/decisions/sessions-follow-the-account.md): an address that signs in elsewhere on the platform is
 * no concern of this tenant's admin, and answering 409 for it told them it exists. Such an invitee
 * learns it at setup, from the link mailed to that very address; an active account's new e-mail still
 * meets the platform-wide sign-in name condition in saveEmployee's transaction.
 */
async function emailInUse(tenant: TenantId, email: string, exceptId?: string): Promise<boolean> {
  const lower = normalizeUsername(email);
  return (await listEmployees(tenant)).some((e) => e.id !== exceptId && normalizeUsername(e.email) === lower);
}

export async function listOp(tenant: TenantId) {
  const [rows, org] = await Promise.all([listEmployees(tenant), orgName(tenant)]);
  return { users: rows.map((r) => publicEmployee(r, org)) };
}

export async function getOp(tenant: TenantId, id: string) {
  const [row, org] = await Promise.all([requireEmployee(tenant, id), orgName(tenant)]);
  return { employee: await detailEmployee(tenant, row, org) };
}

export async function inviteOp(tenant: TenantId, auth: AuthClaims, body: z.output<typeof inviteBody>) {
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
  if (statusOf(row) !== 'PENDING') throw conflict('Only pending accounts can be sent a new invitation');
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
  const row = await changeableEmployee(tenant, auth, id);
  if (id === auth.userId) throw conflict('You cannot deactivate your own account');
  if (!canDeleteEmployee(row)) throw forbidden('Administrators cannot be deactivated');
  if (statusOf(row) !== 'ACTIVE') throw conflict('Only active accounts can be deactivated');
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
  const row = await changeableEmployee(tenant, auth, id);
  if (!canDeleteEmployee(row)) throw forbidden('Administrators cannot be deleted');
  if (id === auth.userId) throw conflict('You cannot delete your own account');
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

const SENSITIVE = new Set(['pin', 'ssn', 'dateOfBirth']);

/**
 * PUT /api/users/{id}: the modal's body or one of the detail page's partial bodies. Only the fields
 * sent change. Wage, access level, role and sensitive fields are logged with the actor in the same
 * transaction; sensitive values themselves are never written to the log.
 */
export async function updateOp(tenant: TenantId, auth: AuthClaims, id: string, body: z.output<typeof userUpdateBody>) {
  const wageCents =
    body.hourlyWage === undefined ? undefined : typeof body.hourlyWage === 'number' ? toCents(body.hourlyWage) : null;
  const before = await changeableEmployee(tenant, auth, id, {
    role: body.role,
    accessLevel: body.accessLevel,
    hourlyWageCents: wageCents,
  });
  if (!roleFlags(auth).isAdmin && body.role === 'BUSINESS_ADMIN')
    throw forbidden('Managers cannot give anyone administrator access');
  if (body.role && body.role !== before.role && (before.role === 'BUSINESS_ADMIN' || before.role === 'SUPER_ADMIN')) {
    throw conflict("An administrator's role cannot be changed here");
  }

  const after: EmployeeRow = { ...before, updatedAt: nowIso() };
  const changes: { field: string; from?: unknown; to?: unknown }[] = [];
  const setText = (field: keyof EmployeeRow, v: string | null | undefined) => {
    if (v === undefined) return;
    (after as unknown as Record<string, unknown>)[field] = v === null || v.trim() === '' ? null : v.trim();
  };

  if (
    body.legalName !== undefined &&
    body.legalName !== null &&
    body.legalName.trim() &&
    body.firstName === undefined &&
    body.lastName === undefined
  ) {
    const split = splitLegalName(body.legalName);
    if (split.firstName) after.firstName = split.firstName;
    if (split.lastName) after.lastName = split.lastName;
  }
  if (body.firstName !== undefined) after.firstName = body.firstName;
  if (body.lastName !== undefined) after.lastName = body.lastName;
  setText('phone', body.phone);
  if (body.mobileNumber !== undefined) setText('phone', body.mobileNumber);
  setText('jobRole', body.jobRole);
  setText('location', body.location);
  if (body.startDate !== undefined) after.startDate = body.startDate || null;
  setText('preferredName', body.preferredName);
  setText('personalEmail', body.personalEmail ?? (body.personalEmail === null ? null : undefined));
  setText('emergencyContact', body.emergencyContact);
  setText('homeAddress', body.homeAddress);
  setText('managerNotes', body.managerNotes);

  if (wageCents !== undefined) {
    if (wageCents !== (before.hourlyWageCents ?? null))
      changes.push({ field: 'hourlyWageCents', from: before.hourlyWageCents ?? null, to: wageCents });
    after.hourlyWageCents = wageCents;
  }
  if (body.accessLevel !== undefined && body.accessLevel !== before.accessLevel) {
    changes.push({ field: 'accessLevel', from: before.accessLevel, to: body.accessLevel });
    after.accessLevel = body.accessLevel;
  }
  if (body.role !== undefined && body.role !== before.role) {
    changes.push({ field: 'role', from: before.role, to: body.role });
    after.role = body.role;
  }
  if (body.pin !== undefined) {
    after.pinEnc = body.pin ? await sealField(tenant, id, 'pin', body.pin) : null;
    if (body.pin || before.pinEnc) changes.push({ field: 'pin' });
  }
  if (body.ssn !== undefined) {
    const digits = body.ssn ? ssnDigits(body.ssn) : null;
    after.ssnEnc = digits ? await sealField(tenant, id, 'ssn', digits) : null;
    after.ssnLast4 = digits ? digits.slice(-4) : null;
    if (digits || before.ssnEnc) changes.push({ field: 'ssn' });
  }
  if (body.dateOfBirth !== undefined) {
    after.dobEnc = body.dateOfBirth ? await sealField(tenant, id, 'dob', body.dateOfBirth) : null;
    if (body.dateOfBirth || before.dobEnc) changes.push({ field: 'dateOfBirth' });
  }

  // E-mail: the sign-in name of an account that has completed setup, so its pointer moves with it.
  const extra: Parameters<typeof saveEmployee>[3] = [];
  if (body.email !== undefined && normalizeUsername(body.email) !== normalizeUsername(before.email)) {
    const email = normalizeUsername(body.email);
    if (await emailInUse(tenant, email, id)) throw conflict('A user with this email already exists');
    after.email = email;
    after.username = email;
    const status = statusOf(before);
    if (status !== 'PENDING' && before.username) {
      extra.push({
        Delete: {
          TableName: tableName(),
          Key: keys.username(before.username),
          ConditionExpression: 'userId = :id',
          ExpressionAttributeValues: { ':id': id },
        },
      });
      extra.push({
        Put: {
          TableName: tableName(),
          Item: { ...keys.username(email), userId: id, organizationId: tenant },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      });
    }
  }
  // docs/decisions/sessions-follow-the-account.md: a new role or access level ends the person's sessions (the epoch is part of this
  // Put), so no token keeps rights its holder lost, nor lacks ones they gained.
  const endsSessions = after.role !== before.role || after.accessLevel !== before.accessLevel;
  if (endsSessions) after.sessionEpoch = (before.sessionEpoch ?? 0) + 1;
  if (changes.length) {
    const actor = await actorOf(tenant, auth);
    extra.push(
      auditPut(tenant, {
        action: 'UPDATED',
        userId: id,
        actorUserId: actor.userId,
        actorName: actor.name,
        changes: changes.map((c) => (SENSITIVE.has(c.field) ? { field: c.field } : c)),
      }),
    );
  }
  try {
    await saveEmployee(tenant, before, after, extra);
  } catch (e) {
    if (isConditionFailure(e))
      throw conflict('This employee was changed meanwhile (or the email is taken). Please reload and try again.');
    throw e;
  }
  if (endsSessions) forgetSessions();
  return {
    success: true as const,
    message: 'Employee updated successfully!',
    employee: await detailEmployee(tenant, after, await orgName(tenant)),
  };
}

const setupError = (message: string, status = 400) =>
  new ApiError(status, 'InvalidSetupToken', message, undefined, { success: false });

/** The pending account a setup link names, or the reason it cannot be used (400). */
async function usableSetup(token: string | undefined) {
  if (!token?.trim()) throw setupError(EMPLOYEE_MESSAGES.setupMissing);
  if (!SETUP_TOKEN_PATTERN.test(token)) throw setupError(EMPLOYEE_MESSAGES.setupFormat);
  const hash = hashToken(token);
  const pointer = await findSetupPointer(hash);
  if (!pointer || pointer.usedAt) throw setupError(EMPLOYEE_MESSAGES.setupInvalid);
  if (new Date(pointer.validUntil).getTime() <= Date.now()) throw setupError(EMPLOYEE_MESSAGES.setupExpired);
  const tenant = trustedTenant(pointer.tenantId);
  const row = await getEmployee(tenant, pointer.userId);
  if (!row || statusOf(row) !== 'PENDING' || row.setupTokenHash !== hash)
    throw setupError(EMPLOYEE_MESSAGES.setupInvalid);
  return { tenant, row, hash, validUntil: pointer.validUntil };
}

/** GET /api/users/complete-signup: what the setup form shows before it is sent, the invited address read-only. */
export async function setupDetailsOp(token: string | undefined) {
  const { row, validUntil } = await usableSetup(token);
  return {
    valid: true as const,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone ?? null,
    expiresAt: validUntil,
  };
}

/** POST /api/users/complete-signup (public): the setup link's token decides tenant, user and e-mail. */
export async function completeSignupOp(body: z.output<typeof completeSignupBody>) {
  const { tenant, row, hash } = await usableSetup(body.token);
  // docs/decisions/sessions-follow-the-account.md: the account keeps the address the link was mailed to. Another one is
  // refused before any lookup, so a link can neither claim nor probe someone else's address.
  const email = normalizeUsername(row.email);
  if (normalizeUsername(body.email) !== email)
    throw new ApiError(400, 'SetupEmailMismatch', EMPLOYEE_MESSAGES.setupEmailFixed, undefined, { success: false });
  if (await findUserByUsername(email)) throw conflict(EMPLOYEE_MESSAGES.setupEmailTaken);
  try {
    await completeSetup(tenant, row, hash, {
      firstName: body.firstName,
      lastName: body.lastName,
      phone: body.phone || row.phone || null,
      email,
      passwordHash: await hashPassword(body.password),
    });
  } catch (e) {
    if (e instanceof EmailTakenError) throw conflict(EMPLOYEE_MESSAGES.setupEmailTaken);
    if (isConditionFailure(e)) throw setupError(EMPLOYEE_MESSAGES.setupInvalid);
    throw e;
  }
  return { success: true as const, message: EMPLOYEE_MESSAGES.setupDone, username: email };
}
