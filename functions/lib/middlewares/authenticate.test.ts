import { beforeEach, describe, expect, it, vi } from 'vitest';
import { claims, request, route, unitConfig } from '../../testing/middleware.js';
import { issueToken, SIGN_IN_AGAIN } from '../tokens.js';
import { forgetApiKeys } from '../api-keys.js';
import { ACCOUNT_INACTIVE, authenticate, bearer, forgetSessions, ORGANIZATION_INACTIVE } from './authenticate.js';

/** The rows authenticate reads, by "pk sk": the user, the organization, a revoked session. */
const rows = vi.hoisted(() => new Map<string, Record<string, unknown>>());
vi.mock('../db.js', () => ({
  tableName: () => 'test',
  db: () => ({
    send: async ({ input: { Key } }: { input: { Key: { pk: string; sk: string } } }) => ({
      Item: rows.get(`${Key.pk} ${Key.sk}`),
    }),
  }),
}));

const auth = claims({ tenantId: 't1', userId: 'u1', sessionId: 's1', sessionEpoch: 2 });
const run = async (headers: Record<string, string>) => {
  const { req, state } = request('reservations.list', { event: { headers } });
  await authenticate().before!(req);
  return state.auth;
};
const bearerOf = async () => ({ authorization: `Bearer ${await issueToken(auth)}` });

describe('authenticate', () => {
  beforeEach(() => {
    unitConfig();
    forgetSessions();
    rows.clear();
    rows.set('T#t1 USER#u1', { isActive: true, sessionEpoch: 2 });
    rows.set('T#t1 ORG', { status: 'ACTIVE' });
  });

  it('a valid token of a live account gives the request its claims', async () => {
    expect(await run(await bearerOf())).toMatchObject({ userId: 'u1', tenantId: 't1', sessionId: 's1' });
  });

  it('no token, or a forged one, is a 401', async () => {
    await expect(run({})).rejects.toMatchObject({ statusCode: 401, message: 'Authentication required' });
    await expect(run({ authorization: 'Bearer not.a.token' })).rejects.toMatchObject({ statusCode: 401 });
  });

  it('a deactivated user, a suspended organization, an older session epoch each end the session', async () => {
    rows.set('T#t1 USER#u1', { isActive: false, sessionEpoch: 2 });
    await expect(run(await bearerOf())).rejects.toMatchObject({ statusCode: 401, message: ACCOUNT_INACTIVE });
    forgetSessions();
    rows.set('T#t1 USER#u1', { isActive: true, sessionEpoch: 2 });
    rows.set('T#t1 ORG', { status: 'SUSPENDED' });
    await expect(run(await bearerOf())).rejects.toMatchObject({ statusCode: 401, message: ORGANIZATION_INACTIVE });
    forgetSessions();
    rows.set('T#t1 ORG', { status: 'ACTIVE' });
    rows.set('T#t1 USER#u1', { isActive: true, sessionEpoch: 3 });
    await expect(run(await bearerOf())).rejects.toMatchObject({ statusCode: 401, message: SIGN_IN_AGAIN });
  });

  it('a signed-out session is refused at once, even with the account facts cached', async () => {
    const headers = await bearerOf();
    await run(headers);
    rows.set('REVOKEDSESSION#s2 REVOKEDSESSION', { pk: 'x' });
    await expect(run(headers)).resolves.toMatchObject({ sessionId: 's1' });
    rows.set('REVOKEDSESSION#s1 REVOKEDSESSION', { pk: 'x' });
    await expect(run(headers)).rejects.toMatchObject({ statusCode: 401, message: SIGN_IN_AGAIN });
  });

  it('public routes are not asked for a token', async () => {
    const { req, state } = request('health.check');
    await authenticate().before!(req);
    expect(state.auth).toBeNull();
  });
});

describe('bearer', () => {
  it('reads the Authorization header; only the stream route reads ?token=', () => {
    expect(bearer({ headers: { authorization: 'Bearer abc' } }, route('reservations.list'))).toBe('abc');
    expect(bearer({ headers: {}, queryStringParameters: { token: 'q' } }, route('reservations.list'))).toBeUndefined();
    expect(bearer({ headers: {}, queryStringParameters: { token: 'q' } }, { kind: 'stream' })).toBe('q');
  });
});

describe('authenticate: API keys (R-SET-9)', () => {
  const KEY = `rbo_live_abcdefghijkl_${'x'.repeat(43)}`;
  const runOn = async (routeId: string, headers: Record<string, string>, query?: Record<string, string>) => {
    const { req, state } = request(routeId, { event: { headers, queryStringParameters: query } });
    await authenticate().before!(req);
    return state.auth;
  };
  beforeEach(async () => {
    unitConfig();
    forgetApiKeys();
    rows.clear();
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(KEY).digest('base64url');
    rows.set(`APIKEY#${hash} APIKEY`, {
      tenantId: 't1',
      keyId: 'abcdefghijkl',
      name: 'Sync',
      accessLevel: 'MANAGER',
      createdById: 'u1',
    });
    rows.set('T#t1 USER#u1', { isActive: true, role: 'BUSINESS_ADMIN' });
    rows.set('T#t1 ORG', { status: 'ACTIVE' });
  });

  it('a live key acts as an employee of its access level in its organization', async () => {
    expect(await runOn('reservations.list', { authorization: `Bearer ${KEY}` })).toEqual({
      userId: 'apikey_abcdefghijkl',
      username: 'API key: Sync',
      role: 'EMPLOYEE',
      accessLevel: 'MANAGER',
      tenantId: 't1',
      apiKey: { id: 'abcdefghijkl', name: 'Sync', accessLevel: 'MANAGER' },
    });
  });

  it('refuses the key on platform routes and person-only routes (403), in the address (401), and once unknown (401)', async () => {
    const headers = { authorization: `Bearer ${KEY}` };
    await expect(runOn('platform.tenantMetrics', headers)).rejects.toMatchObject({ statusCode: 403 });
    await expect(runOn('timesheets.clockIn', headers)).rejects.toMatchObject({ statusCode: 403 });
    await expect(runOn('auth.logout', headers)).rejects.toMatchObject({ statusCode: 403 });
    await expect(runOn('events.dashboard', {}, { token: KEY })).rejects.toMatchObject({ statusCode: 401 });
    rows.clear();
    await expect(runOn('reservations.list', headers)).rejects.toMatchObject({ statusCode: 401 });
  });
});
