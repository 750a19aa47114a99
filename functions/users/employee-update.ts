import type * as z from '../../shared/zod.js';
import { normalizeUsername } from '../auth/store.js';
import { isConditionFailure, nowIso } from '../lib/db.js';
import { conflict, forbidden } from '../lib/errors.js';
import type { TenantId } from '../lib/keys.js';
import { forgetSessions } from '../lib/middlewares/authenticate.js';
import type { AuthClaims } from '../lib/tokens.js';
import type { userUpdateBody } from '../../shared/contract/employee-models.js';
import { EMPLOYEE_MESSAGES, splitLegalName, ssnDigits } from '../../shared/domain/employees.js';
import { toCents } from '../../shared/domain/money.js';
import { roleFlags } from '../../shared/domain/roles.js';
import { auditPut, saveEmployee, sealField } from './store.js';
import type { EmployeeRow } from './employee-row.js';
import { actorOf, changeableEmployee, detailEmployee, emailInUse, orgName } from './employee-view.js';

// PUT /api/users/{id} (R-EMP-3, R-EMP-6): one edit of an employee, logged and conditional on the row read.
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
    email: body.email ?? undefined,
  });
  if (!roleFlags(auth).isAdmin && body.role === 'BUSINESS_ADMIN')
    throw forbidden('Managers cannot give anyone administrator access');
  if (before.status !== 'ACTIVE' && body.role === 'BUSINESS_ADMIN' && before.role !== 'BUSINESS_ADMIN')
    throw conflict('Only active accounts can be given administrator rights');

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

  // E-mail (R-EMP-9): a new address waits for its owner's confirmation (./email-change.ts); until then
  // the current one stays the sign-in name and the address used everywhere (report recipients as staff
  // included). Sending the current or the already pending address changes nothing.
  const extra: Parameters<typeof saveEmployee>[3] = [];
  let staged: import('./email-change.js').StagedEmailChange | undefined;
  let emailChange: typeof import('./email-change.js') | undefined;
  if (body.email !== undefined) {
    const email = normalizeUsername(body.email);
    if (email !== normalizeUsername(before.email) && email !== before.pendingEmail) {
      if (await emailInUse(tenant, email, id)) throw conflict('A user with this email already exists');
      emailChange = await import('./email-change.js');
      staged = emailChange.stageEmailChange(tenant, before, after, email, extra);
    }
  }
  // docs/decisions/0009-sessions-follow-the-account.md: a new role or access level ends the person's sessions (the epoch is part of this
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
  if (staged && emailChange) await emailChange.mailEmailChange(tenant, after, staged, true);
  return {
    success: true as const,
    message: staged ? EMPLOYEE_MESSAGES.emailChangeRequested : 'Employee updated successfully!',
    employee: await detailEmployee(tenant, after, await orgName(tenant)),
  };
}
