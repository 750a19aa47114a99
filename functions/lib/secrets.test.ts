import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { readSecret, rotatingSecret, SECRET_REFRESH_MS } from './secrets.js';

/** A stand-in for the Parameters and Secrets extension's HTTP endpoint (what AWS documents it to answer). */
async function fakeExtension(answer: (req: IncomingMessage) => { status: number; body: unknown }) {
  const seen: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    seen.push(req);
    const a = answer(req);
    res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: String((server.address() as AddressInfo).port),
    seen,
    close: () => new Promise((r) => server.close(r)),
  };
}

const saved = { port: process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT, token: process.env.AWS_SESSION_TOKEN };
afterEach(() => {
  for (const [k, v] of [
    ['PARAMETERS_SECRETS_EXTENSION_HTTP_PORT', saved.port],
    ['AWS_SESSION_TOKEN', saved.token],
  ] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

describe('readSecret through the Lambda secrets extension', () => {
  const arn = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:signing-key-AbCdEf';

  it('asks the extension for the secret by id with the session token and returns its string', async () => {
    const ext = await fakeExtension((req) => {
      const url = new URL(req.url ?? '', 'http://localhost');
      const ok =
        url.pathname === '/secretsmanager/get' &&
        url.searchParams.get('secretId') === arn &&
        req.headers['x-aws-parameters-secrets-token'] === 'session-token';
      return ok
        ? { status: 200, body: { ARN: arn, Name: 'signing-key', SecretString: 'k'.repeat(40) } }
        : { status: 400, body: { message: 'bad request' } };
    });
    try {
      process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT = ext.port;
      process.env.AWS_SESSION_TOKEN = 'session-token';
      expect(await readSecret(arn)).toBe('k'.repeat(40));
      expect(ext.seen).toHaveLength(1);
    } finally {
      await ext.close();
    }
  });

  it('fails loudly when the extension refuses (never an empty key)', async () => {
    const ext = await fakeExtension(() => ({ status: 403, body: { message: 'not authorized' } }));
    try {
      process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT = ext.port;
      process.env.AWS_SESSION_TOKEN = 'session-token';
      await expect(readSecret(arn)).rejects.toThrow(/answered 403/);
    } finally {
      await ext.close();
    }
  });
});

describe('rotatingSecret (the signing key and the origin secret, rotated by infra/rotation.ts)', () => {
  const arn = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:origin-AbCdEf';

  it('accepts the current, pending and previous values, reads them again after SECRET_REFRESH_MS, and keeps the last good ones when a read fails', async () => {
    const stages: Record<string, string | undefined> = { AWSCURRENT: 'current-1', AWSPREVIOUS: 'previous-1' };
    let down = false;
    const ext = await fakeExtension((req) => {
      const stage = new URL(req.url ?? '', 'http://localhost').searchParams.get('versionStage') ?? 'AWSCURRENT';
      const value = stages[stage];
      if (down) return { status: 500, body: { message: 'unavailable' } };
      return value
        ? { status: 200, body: { SecretString: value } }
        : { status: 400, body: { message: `ResourceNotFoundException: no ${stage}` } };
    });
    try {
      process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT = ext.port;
      process.env.AWS_SESSION_TOKEN = 'session-token';
      process.env.ROTATED_SECRET_ARN = arn;
      let now = 0;
      const secret = rotatingSecret('ROTATED_SECRET_VALUE', 'ROTATED_SECRET_ARN', () => now);
      expect(await secret.get()).toEqual({ current: 'current-1', accepted: ['current-1', 'previous-1'] });
      // A rotation starts: the pending value is accepted at the next read, never used.
      stages.AWSPENDING = 'pending-2';
      now += SECRET_REFRESH_MS - 1;
      expect((await secret.get())?.accepted).toEqual(['current-1', 'previous-1']);
      now += 1;
      expect(await secret.get()).toEqual({ current: 'current-1', accepted: ['current-1', 'pending-2', 'previous-1'] });
      down = true;
      now += SECRET_REFRESH_MS;
      expect(await secret.get()).toEqual({ current: 'current-1', accepted: ['current-1', 'pending-2', 'previous-1'] });
    } finally {
      delete process.env.ROTATED_SECRET_ARN;
      await ext.close();
    }
  });

  it('takes a local value and an optional local previous value from the environment', async () => {
    process.env.ROTATED_LOCAL = 'local-current';
    process.env.ROTATED_LOCAL_PREVIOUS = 'local-previous';
    try {
      expect(await rotatingSecret('ROTATED_LOCAL', 'UNSET_ARN').get()).toEqual({
        current: 'local-current',
        accepted: ['local-current', 'local-previous'],
      });
    } finally {
      delete process.env.ROTATED_LOCAL;
      delete process.env.ROTATED_LOCAL_PREVIOUS;
    }
  });
});
