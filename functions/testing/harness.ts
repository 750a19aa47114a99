import { randomBytes, randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { inject } from 'vitest';
import { matchRoute } from '../../shared/contract/match.js';
import { resetConfig } from '../lib/config.js';
import { resetDb } from '../lib/db.js';
import { resetMail } from '../lib/mail.js';
import { resetSigningKey } from '../lib/tokens.js';
import { forgetSessions } from '../lib/middlewares/authenticate.js';
import { toApiGatewayEvent } from '../local/api-gateway-event.js';
import { ensureTable } from '../local/create-table.js';
import { startSes, type RunningSes } from '../local/ses.js';
import { loadAreaHandler } from '../handlers.js';

/**
 * Points the handlers at a fresh table in the run's DynamoDB Local. Call once at the top of an
 * integration test file (module scope or beforeAll).
 */
export async function useTestTable(): Promise<string> {
  const endpoint = inject('dynamoEndpoint');
  const tableName = `test-${randomUUID()}`;
  Object.assign(process.env, {
    TABLE_NAME: tableName,
    DYNAMODB_ENDPOINT: endpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    TOKEN_SIGNING_KEY: process.env.TOKEN_SIGNING_KEY ?? randomBytes(32).toString('hex'),
    DATA_ENCRYPTION_KEY: process.env.DATA_ENCRYPTION_KEY ?? randomBytes(32).toString('hex'),
    APP_BASE_URL: 'http://localhost:3000',
  });
  resetConfig();
  resetDb();
  resetSigningKey();
  forgetSessions();
  await ensureTable(
    new DynamoDBClient({
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
    tableName,
  );
  return tableName;
}

/** Sends this file's mail to `endpoint`: the SES emulator, or a closed port to make sends fail. */
export function useMailEndpoint(endpoint: string): void {
  process.env.SES_ENDPOINT = endpoint;
  resetConfig();
  resetMail();
}

/**
 * Starts the SES emulator as this file's mail service, sending from `from`, with `env` set alongside
 * before the config is read again. Stop it in afterAll.
 */
export async function useTestMail(from: string, env: Record<string, string> = {}): Promise<RunningSes> {
  const ses = await startSes();
  Object.assign(process.env, { MAIL_FROM: from, ...env });
  useMailEndpoint(ses.endpoint);
  return ses;
}

export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Record<string, string>;
  raw: string;
}

/** Calls the real area handler with an API Gateway v2 event, the way the local runtime and Lambda do. */
export async function call<T = any>(
  method: string,
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string>; rawBody?: string } = {},
): Promise<CallResult<T>> {
  const [path, qs = ''] = url.split('?') as [string, string?];
  const match = matchRoute(method, path);
  if (!match) throw new Error(`No contract route for ${method} ${path}`);
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  const event = toApiGatewayEvent(
    { method, path, rawQueryString: qs, headers: { 'user-agent': 'vitest', ...headers }, body },
    match,
  );
  const handler = await loadAreaHandler(match.route.area);
  const res = (await handler(event, {
    awsRequestId: randomUUID(),
    getRemainingTimeInMillis: () => 30_000,
  } as unknown as Context)) as APIGatewayProxyStructuredResultV2;
  const raw = typeof res.body === 'string' ? res.body : '';
  let parsed: unknown = raw;
  try {
    parsed = raw ? JSON.parse(raw) : undefined;
  } catch {
    /* not JSON */
  }
  return {
    status: res.statusCode ?? 200,
    body: parsed as T,
    headers: (res.headers ?? {}) as Record<string, string>,
    raw,
  };
}
