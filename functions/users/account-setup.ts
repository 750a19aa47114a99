import type * as z from '../../shared/zod.js';
import { findUserByUsername, normalizeUsername } from '../auth/store.js';
import { isConditionFailure } from '../lib/db.js';
import { ApiError, conflict } from '../lib/errors.js';
import { trustedTenant } from '../lib/keys.js';
import { hashPassword } from '../lib/passwords.js';
import { hashToken } from '../lib/secure-token.js';
import type { completeSignupBody } from '../../shared/contract/employee-models.js';
import { EMPLOYEE_MESSAGES, SETUP_TOKEN_PATTERN } from '../../shared/domain/employees.js';
import { completeSetup, EmailTakenError, findSetupPointer } from './setup-link.js';
import { getEmployee } from './store.js';

/** The public setup routes (R-EMP-4): the link's details, then the account's setup. Rows: ./setup-link.ts. */
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
  if (!row || row.status !== 'PENDING' || row.setupTokenHash !== hash) throw setupError(EMPLOYEE_MESSAGES.setupInvalid);
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
  // docs/decisions/0009-sessions-follow-the-account.md: the account keeps the address the link was mailed to. Another
  // one is refused before any lookup, so a link can neither claim nor probe someone else's address.
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
