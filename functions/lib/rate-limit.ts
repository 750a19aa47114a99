import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { db, isConditionFailure, tableName } from './db.js';
import { tooManyRequests } from './errors.js';

/**
 * Limits that must hold whatever the concurrency: every one is a single conditional UpdateItem (or
 * a conditional Put that starts a window), taken BEFORE the work it protects. Two kinds:
 *
 * - a sliding-start window per subject (sign-in name): the window starts at the first attempt and
 *   lasts `windowSeconds`; at most `limit` attempts are taken inside it, however many arrive at once;
 * - a fixed window per source address (sign-in, public booking): `RATE#{scope}#{ip}` / `W#{index}`,
 *   a counter that stops at `limit`. Coarse (up to twice the limit across a window edge), cheap,
 *   and backed by the WAF rate rules at CloudFront in production (docs/decisions/0151-hardening-limits-per-source-address.md).
 */
export interface WindowLimit {
  limit: number;
  windowSeconds: number;
}

/** R-PLAT-5: 5 sign-in attempts per username per 15 minutes. */
export const SIGN_IN_PER_USERNAME: WindowLimit = { limit: 5, windowSeconds: 15 * 60 };
/** Per source address: lets an office behind one NAT sign in, makes guessing and lock-outs cost. */
export const SIGN_IN_PER_SOURCE: WindowLimit = { limit: 30, windowSeconds: 5 * 60 };
/** R-AUTH-6: sign-in link requests per source address, and per account address (mails one inbox gets). */
export const SIGN_IN_LINK_PER_SOURCE: WindowLimit = { limit: 10, windowSeconds: 15 * 60 };
export const SIGN_IN_LINK_PER_ADDRESS: WindowLimit = { limit: 3, windowSeconds: 15 * 60 };
export const PUBLIC_BOOKING_PER_SOURCE: WindowLimit = { limit: 20, windowSeconds: 10 * 60 };

export const SOURCE_LIMITED = 'Too many requests from your network. Please wait a few minutes and try again.';

const attemptKey = (scope: string, subject: string) => ({ pk: `${scope}#${subject.trim().toLowerCase()}`, sk: scope });

/**
 * Takes one attempt for `subject` in its window. Returns false when `limit` attempts were already
 * taken inside the current window. Never more than `limit` callers get true per window.
 */
export async function takeAttempt(scope: string, subject: string, l: WindowLimit, now = Date.now()): Promise<boolean> {
  const nowS = Math.floor(now / 1000);
  const cutoff = nowS - l.windowSeconds;
  const Key = attemptKey(scope, subject);
  // Twice: a caller that loses the race to start a window gets one more try at counting in it.
  for (let round = 0; round < 2; round++) {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key,
          UpdateExpression: 'ADD attempts :one',
          ConditionExpression: 'windowStart > :cutoff AND attempts < :limit',
          ExpressionAttributeValues: { ':one': 1, ':cutoff': cutoff, ':limit': l.limit },
        }),
      );
      return true;
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
    }
    try {
      // No row, or its window is over: start a new one with this attempt. Only one caller can.
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...Key, attempts: 1, windowStart: nowS, expiresAt: nowS + l.windowSeconds },
          ConditionExpression: 'attribute_not_exists(pk) OR windowStart <= :cutoff',
          ExpressionAttributeValues: { ':cutoff': cutoff },
        }),
      );
      return true;
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
    }
  }
  return false;
}

/** Whether `subject` has used up `l` in its current window (a read; takes nothing). */
export async function isExhausted(scope: string, subject: string, l: WindowLimit, now = Date.now()): Promise<boolean> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: attemptKey(scope, subject), ConsistentRead: true }),
  );
  const row = res.Item as { attempts?: number; windowStart?: number } | undefined;
  if (!row) return false;
  const cutoff = Math.floor(now / 1000) - l.windowSeconds;
  return (row.windowStart ?? 0) > cutoff && (row.attempts ?? 0) >= l.limit;
}

/** Forgets the attempts of `subject` (a successful sign-in). */
export async function clearAttempts(scope: string, subject: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: attemptKey(scope, subject) }));
}

/** Counts one request from `source` in the current fixed window; false once `limit` are counted. */
export async function takeFromWindow(
  scope: string,
  source: string,
  l: WindowLimit,
  now = Date.now(),
): Promise<boolean> {
  const nowS = Math.floor(now / 1000);
  const index = Math.floor(nowS / l.windowSeconds);
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `RATE#${scope}#${source}`, sk: `W#${index}` },
        UpdateExpression: 'ADD hits :one SET expiresAt = if_not_exists(expiresAt, :exp)',
        ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
        ExpressionAttributeValues: { ':one': 1, ':limit': l.limit, ':exp': (index + 1) * l.windowSeconds + 60 },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

type EventLike = Pick<APIGatewayProxyEventV2, 'headers'> & { requestContext?: { http?: { sourceIp?: string } } };

/**
 * The address a request came from. Behind CloudFront, API Gateway's sourceIp is an edge server;
 * CloudFront's `CloudFront-Viewer-Address` header (ip:port, forwarded by the origin request policy)
 * names the viewer, as does `x-viewer-ip` (set by the distribution's viewer-request function), and only
 * requests carrying the origin secret reach a handler (origin-secret.ts).
 */
export function clientAddress(event: EventLike): string {
  // Set by the distribution's viewer-request function from event.viewer.ip (infra/web.ts); a
  // viewer-sent header of that name is overwritten there.
  const viewerIp = event.headers?.['x-viewer-ip'];
  if (viewerIp && /^[0-9A-Fa-f:.]{2,45}$/.test(viewerIp)) return viewerIp;
  const viewer = event.headers?.['cloudfront-viewer-address'];
  if (viewer) {
    const ip = viewer.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
    if (/^[0-9A-Fa-f:.]{2,45}$/.test(ip)) return ip;
  }
  return event.requestContext?.http?.sourceIp ?? 'unknown';
}

/** The local runtime and tests talk over loopback: one address for every browser and test. */
const isLoopback = (ip: string) => /^127\./.test(ip) || ip === '::1' || ip === 'unknown';

/** The address to limit `event` by, or null for loopback (not limited, as limitBySource). */
export function limitedSource(event: EventLike): string | null {
  const ip = clientAddress(event);
  return isLoopback(ip) ? null : ip;
}

/** Throws 429 when `event`'s source address has used up `l` for `scope`. Loopback is not limited. */
export async function limitBySource(
  scope: 'signin' | 'signin-link' | 'booking',
  event: EventLike,
  l: WindowLimit,
): Promise<void> {
  const ip = clientAddress(event);
  if (isLoopback(ip)) return;
  if (!(await takeFromWindow(scope, ip, l))) throw tooManyRequests(SOURCE_LIMITED);
}

/** What `countInWindow` learnt: whether the request may go on, its number in the window, and when the window ends. */
interface WindowCount {
  allowed: boolean;
  /** This request's number in the current window (1 for the first); `limit` once refused. */
  hits: number;
  /** Whole seconds until the window ends (what a 429's Retry-After says), at least 1. */
  retryAfterSeconds: number;
}

/**
 * `takeFromWindow`, also answering the request's number in the window (API keys, R-SET-9: the first
 * request of a key's minute also stamps the key's last use, so that costs one write a minute per key).
 */
export async function countInWindow(
  scope: string,
  source: string,
  l: WindowLimit,
  now = Date.now(),
): Promise<WindowCount> {
  const nowS = Math.floor(now / 1000);
  const index = Math.floor(nowS / l.windowSeconds);
  const retryAfterSeconds = Math.max(1, (index + 1) * l.windowSeconds - nowS);
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: `RATE#${scope}#${source}`, sk: `W#${index}` },
        UpdateExpression: 'ADD hits :one SET expiresAt = if_not_exists(expiresAt, :exp)',
        ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
        ExpressionAttributeValues: { ':one': 1, ':limit': l.limit, ':exp': (index + 1) * l.windowSeconds + 60 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return { allowed: true, hits: Number(res.Attributes?.hits ?? 1), retryAfterSeconds };
  } catch (e) {
    if (isConditionFailure(e)) return { allowed: false, hits: l.limit, retryAfterSeconds };
    throw e;
  }
}
