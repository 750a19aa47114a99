import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { getOrganization, normalizeUsername } from '../auth/store.js';
import { platformUrl } from '../auth/urls.js';
import { db, isConditionFailure, nowIso } from '../lib/db.js';
import { ApiError, conflict } from '../lib/errors.js';
import { keys, type TenantId, trustedTenant } from '../lib/keys.js';
import { trySendMail } from '../lib/mail.js';
import { rowParser } from '../lib/rows.js';
import { hashToken, newSecretToken } from '../lib/secure-token.js';
import type { AuthClaims } from '../lib/tokens.js';
import { EMAIL_CHANGE_TTL_MS, EMPLOYEE_MESSAGES } from '../../shared/domain/employees.js';
import * as z from '../../shared/zod.js';
import { type EmployeeRow, table, userKeys } from './employee-row.js';
import { changeableEmployee, emailInUse } from './employee-view.js';
import { getEmployee, saveEmployee } from './store.js';

/**
 * R-EMP-9 (docs/decisions/0250-email-change-confirmation.md): a new e-mail address takes effect only once its
 * owner confirms it by the link mailed to it; the current address is told. Until then the row keeps
 * `email` and `username` (sign-in, report recipients as staff, every mail) and holds the new address
 * as `pendingEmail` with the SHA-256 of the link's token; the pointer `EMAILCHANGE#{hash}` names
 * tenant and user, so the public confirm route needs nothing else. Loaded only when an e-mail changes.
 */
type TransactItems = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>;

const INVALID_CODE = 'InvalidEmailChangeToken';
const invalid = () => new ApiError(404, INVALID_CODE, EMPLOYEE_MESSAGES.emailChangeInvalid);

/** The pointer outlives the link's 24 hours by a month, so an old link reads "expired", then TTL removes it. */
function pointerItem(hash: string, tenant: TenantId, userId: string, email: string, validUntil: string) {
  return {
    ...userKeys.emailChangeToken(hash),
    tenantId: tenant,
    userId,
    email,
    validUntil,
    expiresAt: Math.floor(new Date(validUntil).getTime() / 1000) + 30 * 86_400,
  };
}
const parsePointer = rowParser(
  'e-mail change link',
  z.object({
    tenantId: z.string(),
    userId: z.string(),
    email: z.string(),
    validUntil: z.string(),
    usedAt: z.optional(z.string()),
  }),
);

export interface StagedEmailChange {
  token: string;
  validUntil: string;
}

/**
 * Puts `email` on `after` as the pending address with a fresh link, and adds the link's pointer (and the
 * removal of a previous link's) to the row's transaction. `after.email` and `after.username` stay.
 */
export function stageEmailChange(
  tenant: TenantId,
  before: EmployeeRow,
  after: EmployeeRow,
  email: string,
  extra: TransactItems,
  now = Date.now(),
): StagedEmailChange {
  const token = newSecretToken();
  const hash = hashToken(token);
  const validUntil = new Date(now + EMAIL_CHANGE_TTL_MS).toISOString();
  after.pendingEmail = email;
  after.pendingEmailTokenHash = hash;
  after.pendingEmailValidUntil = validUntil;
  extra.push({
    Put: {
      TableName: table(),
      Item: pointerItem(hash, tenant, before.id, email, validUntil),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  });
  if (before.pendingEmailTokenHash)
    extra.push({ Delete: { TableName: table(), Key: userKeys.emailChangeToken(before.pendingEmailTokenHash) } });
  return { token, validUntil };
}

/**
 * The confirmation link to the new address and, on a new request (not a resend), the notice to the
 * current one. True when the confirmation went out.
 */
export async function mailEmailChange(
  tenant: TenantId,
  row: EmployeeRow,
  staged: StagedEmailChange,
  notifyCurrent: boolean,
): Promise<boolean> {
  const newEmail = row.pendingEmail;
  if (!newEmail) return false;
  // The templates (their defaults and handlebars) load with the mail, as the setup link's do.
  const [org, { organizationTimeZone }, { formatDateTimeIn }, { renderStoredEmail }] = await Promise.all([
    getOrganization(tenant),
    import('../lib/organization.js'),
    import('../../shared/domain/time-text.js'),
    import('../lib/template-store.js'),
  ]);
  if (!org) return false;
  const zone = await organizationTimeZone(tenant);
  const confirm = await renderStoredEmail('employee-email-confirm', {
    firstName: row.firstName,
    organizationName: org.name,
    newEmail,
    // The platform host in either URL mode (the token names the tenant), as report-mail links are.
    confirmUrl: platformUrl(`/confirm-email/${staged.token}`).toString(),
    expiresAt: formatDateTimeIn(staged.validUntil, zone, { zoneName: true }),
  });
  const sent = await trySendMail({ to: newEmail, ...confirm, tenant });
  if (notifyCurrent && row.email) {
    const notice = await renderStoredEmail('employee-email-change-notice', {
      firstName: row.firstName,
      organizationName: org.name,
      newEmail,
    });
    await trySendMail({ to: row.email, ...notice, tenant });
  }
  return sent;
}

function changeAnswer(row: EmployeeRow, message: string, emailSent: boolean) {
  return {
    success: true as const,
    message,
    email: row.email,
    pendingEmail: row.pendingEmail ?? null,
    pendingEmailExpiresAt: row.pendingEmail ? (row.pendingEmailValidUntil ?? null) : null,
    emailSent,
  };
}

async function save(tenant: TenantId, before: EmployeeRow, after: EmployeeRow, extra: TransactItems) {
  try {
    await saveEmployee(tenant, before, after, extra);
  } catch (e) {
    if (isConditionFailure(e)) throw conflict('This employee was changed meanwhile. Please reload and try again.');
    throw e;
  }
}

/** POST /api/users/{id}/email-change/resend: a new link (the previous one stops working) and 24 hours more. */
export async function resendEmailChangeOp(tenant: TenantId, auth: AuthClaims, id: string) {
  const before = await changeableEmployee(tenant, auth, id);
  if (!before.pendingEmail) throw conflict(EMPLOYEE_MESSAGES.emailChangeNone);
  const after: EmployeeRow = { ...before, updatedAt: nowIso() };
  const extra: TransactItems = [];
  const staged = stageEmailChange(tenant, before, after, before.pendingEmail, extra);
  await save(tenant, before, after, extra);
  const sent = await mailEmailChange(tenant, after, staged, false);
  return changeAnswer(after, EMPLOYEE_MESSAGES.emailChangeResent, sent);
}

/** DELETE /api/users/{id}/email-change: the pending address and its link go; the current address stays. */
export async function cancelEmailChangeOp(tenant: TenantId, auth: AuthClaims, id: string) {
  const before = await changeableEmployee(tenant, auth, id);
  if (!before.pendingEmail && !before.pendingEmailTokenHash)
    return changeAnswer(before, EMPLOYEE_MESSAGES.emailChangeNone, false);
  const after: EmployeeRow = {
    ...before,
    pendingEmail: null,
    pendingEmailTokenHash: null,
    pendingEmailValidUntil: null,
    updatedAt: nowIso(),
  };
  const extra: TransactItems = before.pendingEmailTokenHash
    ? [{ Delete: { TableName: table(), Key: userKeys.emailChangeToken(before.pendingEmailTokenHash) } }]
    : [];
  await save(tenant, before, after, extra);
  return changeAnswer(after, EMPLOYEE_MESSAGES.emailChangeCancelled, false);
}

/**
 * POST /public/confirm-email/{token}: the pending address becomes the account's e-mail and sign-in
 * name in one transaction: the row (condition: still this link), the sign-in pointer moved from the
 * old address to the new one (the new one's condition: unused on the platform; checked again here,
 * since another account may have taken it since the request), and the link marked used.
 * Sessions are keyed by the user's id, so they go on; the sign-in attempts row of the old name is left to its TTL.
 */
export async function confirmEmailChangeOp(token: string, now = Date.now()) {
  const hash = hashToken(token);
  const res = await getPointer(hash);
  if (!res || res.usedAt) throw invalid();
  if (Date.parse(res.validUntil) <= now)
    throw new ApiError(410, 'EmailChangeExpired', EMPLOYEE_MESSAGES.emailChangeExpired);
  const tenant = trustedTenant(res.tenantId);
  const row = await getEmployee(tenant, res.userId);
  if (!row || row.pendingEmailTokenHash !== hash || !row.pendingEmail) throw invalid();
  const email = normalizeUsername(row.pendingEmail);
  if (await emailInUse(tenant, email, row.id)) throw conflict(EMPLOYEE_MESSAGES.emailChangeTaken);

  const at = new Date(now).toISOString();
  const items: TransactItems = [
    {
      Update: {
        TableName: table(),
        Key: userKeys.user(tenant, row.id),
        UpdateExpression:
          'SET email = :e, username = :e, updatedAt = :now REMOVE pendingEmail, pendingEmailTokenHash, pendingEmailValidUntil',
        ConditionExpression: 'pendingEmailTokenHash = :h',
        ExpressionAttributeValues: { ':e': email, ':now': at, ':h': hash },
      },
    },
    {
      Update: {
        TableName: table(),
        Key: userKeys.emailChangeToken(hash),
        UpdateExpression: 'SET usedAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(usedAt) AND validUntil > :now',
        ExpressionAttributeValues: { ':now': at },
      },
    },
  ];
  // A pending invitee has no sign-in pointer yet: its setup makes one from the (now confirmed) address.
  const movesSignIn = row.status !== 'PENDING' && !!row.username;
  if (movesSignIn) {
    items.push(
      {
        Delete: {
          TableName: table(),
          Key: keys.username(row.username),
          ConditionExpression: 'attribute_not_exists(pk) OR userId = :id',
          ExpressionAttributeValues: { ':id': row.id },
        },
      },
      {
        Put: {
          TableName: table(),
          Item: { ...keys.username(email), userId: row.id, organizationId: tenant },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    );
  }
  try {
    await db().send(new TransactWriteCommand({ TransactItems: items }));
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    const reasons = (e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    if (movesSignIn && reasons[3]?.Code === 'ConditionalCheckFailed')
      throw conflict(EMPLOYEE_MESSAGES.emailChangeTaken);
    throw invalid();
  }
  return { success: true as const, message: EMPLOYEE_MESSAGES.emailChangeDone, email };
}

async function getPointer(hash: string) {
  const res = await db().send(
    new GetCommand({ TableName: table(), Key: userKeys.emailChangeToken(hash), ConsistentRead: true }),
  );
  return res.Item ? parsePointer(res.Item) : undefined;
}
