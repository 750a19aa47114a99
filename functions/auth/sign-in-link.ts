import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import {
  SIGN_IN_LINK_INVALID,
  SIGN_IN_LINK_SENT,
  SIGN_IN_LINK_TTL_MS,
  signInLinkPath,
} from '../../shared/domain/sign-in-link.js';
import { db, isConditionFailure, tableName } from '../lib/db.js';
import { ApiError } from '../lib/errors.js';
import { keys, trustedTenant } from '../lib/keys.js';
import { logger } from '../lib/logger.js';
import { trySendMail } from '../lib/mail.js';
import {
  clearAttempts,
  isExhausted,
  limitBySource,
  SIGN_IN_LINK_PER_ADDRESS,
  SIGN_IN_LINK_PER_SOURCE,
  SIGN_IN_PER_SOURCE,
  SIGN_IN_PER_USERNAME,
  takeAttempt,
} from '../lib/rate-limit.js';
import { rowParser } from '../lib/rows.js';
import { hashToken, newSecretToken } from '../lib/secure-token.js';
import * as z from '../../shared/zod.js';
import { type OrganizationRecord, parseUserRecord, type UserRecord } from './entity.js';
import { ATTEMPTS, refuseClosedOrganization } from './login.js';
import { recordSignIn, startSession } from './session.js';
import { findUserByUsername, getOrganization, normalizeUsername } from './store.js';
import { platformUrl } from './urls.js';

/**
 * R-AUTH-6 (docs/decisions/0245-sign-in-link-when-locked.md): five wrong passwords from anyone still lock
 * the account (R-AUTH-1), and the person it belongs to gets in by a single-use link mailed to the
 * account's address. The link is a secret token stored only as its SHA-256 in `SIGNINLINK#{hash}`.
 */

/** Link requests per account address: `LINKMAIL#{lower(email)}` rows, as the sign-in attempts are. */
const LINK_REQUESTS = 'LINKMAIL';

const linkKey = (hash: string) => ({ pk: `SIGNINLINK#${hash}`, sk: 'SIGNINLINK' });

/**
 * What a link row says: whose account, until when, and the account as it was when the link was
 * made (its session epoch and a fingerprint of its password hash): a password change, a deactivation
 * or a role change after the mail makes the link stop working.
 */
const parseLinkRow = rowParser(
  'sign-in link',
  z.object({
    tenantId: z.nullable(z.string()),
    userId: z.string(),
    validUntil: z.number(),
    sessionEpoch: z.number(),
    passwordFingerprint: z.string(),
  }),
);

const fingerprint = (passwordHash: string) => createHash('sha256').update(passwordHash).digest('base64url');

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Who may get a link: an account that can sign in (set up, active, its organization open). */
async function signInable(user: UserRecord | undefined): Promise<{ org: OrganizationRecord | undefined } | null> {
  if (!user?.passwordHash || !user.isActive) return null;
  if (!user.organizationId) return { org: undefined };
  const org = await getOrganization(trustedTenant(user.organizationId));
  if (!org || org.status === 'SUSPENDED' || org.status === 'INACTIVE') return null;
  return { org };
}

/**
 * POST /api/auth/sign-in-link. Always the same 202 answer: an unknown address, an account that is not
 * locked and one whose address asked too often are told exactly what a locked account is told. The
 * source address pays first (429 like sign-in's limit); the account address then has 3 mails per 15
 * minutes, so nobody fills an inbox. Only a locked account is mailed: the link is the way around the
 * lock, not a second way to sign in.
 */
export async function requestSignInLink(
  email: string,
  event?: Pick<APIGatewayProxyEventV2, 'headers' | 'requestContext'>,
  now = Date.now(),
) {
  if (event) await limitBySource('signin-link', event, SIGN_IN_LINK_PER_SOURCE);
  const answer = { statusCode: 202, body: { success: true as const, message: SIGN_IN_LINK_SENT } };
  const address = normalizeUsername(email);
  if (!(await takeAttempt(LINK_REQUESTS, address, SIGN_IN_LINK_PER_ADDRESS, now))) return answer;
  if (!(await isExhausted(ATTEMPTS, address, SIGN_IN_PER_USERNAME, now))) return answer;
  const user = await findUserByUsername(address);
  const ok = await signInable(user);
  if (!user?.passwordHash || !ok) return answer;

  const token = newSecretToken();
  const validUntil = now + SIGN_IN_LINK_TTL_MS;
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...linkKey(hashToken(token)),
        tenantId: user.organizationId,
        userId: user.id,
        validUntil,
        sessionEpoch: user.sessionEpoch ?? 0,
        passwordFingerprint: fingerprint(user.passwordHash),
        // TTL removes the row a day after it stopped working.
        expiresAt: Math.floor(validUntil / 1000) + 86_400,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  // On the platform host, as the sign-in page is: the answer's redirectUrl then takes a tenant's
  // person to their organization's dashboard, in subdomain and path mode alike.
  const url = platformUrl(signInLinkPath(token)).toString();
  const sent = await trySendMail({
    to: user.email,
    subject: 'Your sign-in link',
    text: [
      `Hello ${user.firstName},`,
      '',
      'Your account was locked after too many failed sign-in attempts. This link signs you in once, within 15 minutes:',
      url,
      '',
      'If you did not ask for it, you can ignore this e-mail: someone may have typed wrong passwords for your account. Nobody can use the link without this mailbox.',
    ].join('\n'),
    html: `<p>Hello ${escapeHtml(user.firstName)},</p><p>Your account was locked after too many failed sign-in attempts. This link signs you in once, within 15 minutes:</p><p><a href="${escapeHtml(url)}">Sign in</a></p><p>If you did not ask for it, you can ignore this e-mail: someone may have typed wrong passwords for your account. Nobody can use the link without this mailbox.</p>`,
    template: 'sign-in-link',
    ...(user.organizationId ? { tenant: user.organizationId } : {}),
  });
  if (!sent) logger.warn('sign-in link not mailed', { userId: user.id });
  return answer;
}

const invalidLink = () => new ApiError(410, 'SignInLinkInvalid', SIGN_IN_LINK_INVALID);

/**
 * POST /api/auth/sign-in-link/redeem. The row is deleted as it is read (one conditional delete), so two
 * tabs opening the same link start one session. The session is the password's (startSession), the
 * lock does not apply, and the failed attempts are forgotten, as a successful sign-in forgets them.
 */
export async function redeemSignInLink(
  token: string,
  event?: Pick<APIGatewayProxyEventV2, 'headers' | 'requestContext'>,
  now = Date.now(),
) {
  if (event) await limitBySource('signin', event, SIGN_IN_PER_SOURCE);
  let old: Record<string, unknown> | undefined;
  try {
    const res = await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: linkKey(hashToken(token)),
        ConditionExpression: 'attribute_exists(pk)',
        ReturnValues: 'ALL_OLD',
      }),
    );
    old = res.Attributes;
  } catch (e) {
    if (isConditionFailure(e)) throw invalidLink();
    throw e;
  }
  if (!old) throw invalidLink();
  const link = parseLinkRow(old);
  if (link.validUntil <= now) throw invalidLink();

  const key = link.tenantId ? keys.user(trustedTenant(link.tenantId), link.userId) : keys.platformUser(link.userId);
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  const user = res.Item ? parseUserRecord(res.Item) : undefined;
  // A deleted or deactivated account, a password or role changed since the mail: the link is spent.
  if (
    !user?.passwordHash ||
    !user.isActive ||
    (user.sessionEpoch ?? 0) !== link.sessionEpoch ||
    fingerprint(user.passwordHash) !== link.passwordFingerprint
  )
    throw invalidLink();
  const org = user.organizationId ? await getOrganization(trustedTenant(user.organizationId)) : undefined;
  if (user.organizationId && !org) throw invalidLink();
  refuseClosedOrganization(org);

  await Promise.all([clearAttempts(ATTEMPTS, user.username), recordSignIn(user)]);
  return startSession(user, org);
}
