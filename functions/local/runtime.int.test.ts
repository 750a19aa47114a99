import { mkdtempSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SESClient, SendEmailCommand } from '@aws-sdk/client-ses';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../shared/contract/index.js';
import { db } from '../lib/db.js';
import { sessionFor } from '../testing/fixtures.js';
import type { Onboarding } from './bootstrap.js';
import { bodyLimitOf } from './http-adapter.js';
import { freePort } from './net.js';
import { startLocalRuntime, type LocalRuntime } from './runtime.js';

const dataDir = mkdtempSync(join(tmpdir(), 'runtime-int-'));
const webDist = join(dataDir, 'fake-dist');
const resizeEntry = join(dataDir, 'fake-resize.mjs');
const SWEEP_MS = 150;

let rt: LocalRuntime;
/** What the runtime signs with (it exports them for its handlers): the emulator accepts nothing else. */
const runtimeCredentials = () => ({
  accessKeyId: process.env.AWS_ACCESS_KEY_ID!,
  secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY!,
});

beforeAll(async () => {
  // Another project's global setup (the e2e runtime) may have exported a key into the environment this
  // worker inherited; these tests are about the key the runtime keeps in its own data directory.
  delete process.env.TOKEN_SIGNING_KEY;
  mkdirSync(join(webDist, 'assets'), { recursive: true });
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>fake spa</title><div id="root"></div>');
  writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log("app")');
  writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // Stands in for functions/uploads/resize.ts: records the S3 events it is invoked with.
  writeFileSync(
    resizeEntry,
    'export async function handler(event) { (globalThis.__resized ??= []).push(...event.Records.map((r) => r.s3.object.key)); }\n',
  );
  rt = await startLocalRuntime({ port: 0, dataDir, webDist, resizeEntry, sweepIntervalMs: SWEEP_MS });
});

afterAll(async () => {
  await rt?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('local runtime: API adapter', () => {
  it('answers health once the emulators are up', async () => {
    const res = await fetch(`${rt.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('answers 404 JSON for an undeclared API path', async () => {
    const res = await fetch(`${rt.url}/api/does-not-exist`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toMatchObject({ error: 'NotFound' });
  });

  it('answers 405 JSON for a declared path under another method, with Allow (RFC 9110)', async () => {
    const res = await fetch(`${rt.url}/api/health`, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
    expect(await res.json()).toMatchObject({ error: 'MethodNotAllowed' });
  });

  it("every contract path answers another method with 405 and an Allow header naming the contract's methods for it (docs/decisions/0005-multipart-and-availability.md)", async () => {
    const templates = [...new Set(routes.map((r) => r.path))];
    let checked = 0;
    for (const template of templates) {
      const path = template.replace(/\{\w+\}/g, 'zz-param');
      // The contract's methods for this address: its own routes', and those of any template with a parameter where it has a literal.
      const methods = new Set(
        routes.filter((r) => new RegExp(`^${r.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(path)).map((r) => r.method),
      );
      const other = ['DELETE', 'PATCH', 'PUT', 'POST', 'GET'].find((m) => !methods.has(m as never));
      if (!other) continue;
      const res = await fetch(`${rt.url}${path}`, { method: other });
      expect(res.status, `${other} ${path}`).toBe(405);
      expect(res.headers.get('allow')?.split(', ').sort(), `${other} ${path}`).toEqual([...methods].sort());
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('runs the pipeline on a declared route: authentication comes first', async () => {
    const res = await fetch(`${rt.url}/api/reports/revenue`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'Unauthorized' });
  });

  it('refuses bodies over 6 MB with 413 JSON, as Lambda does', async () => {
    const big = JSON.stringify({ username: 'x', password: 'y'.repeat(6 * 1024 * 1024 + 10) });
    const res = await fetch(`${rt.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: 'PayloadTooLarge' });
  });

  it('passes JSON bodies and query strings through to the handler', async () => {
    const res = await fetch(`${rt.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username":',
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
  });
});

describe('local runtime: dashboard stream', () => {
  it("hands the stream route to the events area's streamDashboard as a live server-sent event stream", async () => {
    const refused = await fetch(`${rt.url}/api/events/dashboard`);
    expect(refused.status).toBe(401);
    const { token } = await sessionFor();
    const abort = new AbortController();
    const res = await fetch(`${rt.url}/api/events/dashboard?token=${encodeURIComponent(token)}`, {
      signal: abort.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    abort.abort();
  });
});

describe('local runtime: no request takes the service down (docs/decisions/0005-multipart-and-availability.md)', () => {
  const part = (name: string, value: string, filename?: string) =>
    `--x\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n\r\n${value}\r\n`;
  const TRUNCATED_FILE = '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-';
  const cases: [string, string, boolean, string, number][] = [
    ['a truncated file part on a JSON route', '/api/users/complete-signup', false, TRUNCATED_FILE, 415],
    [
      'token then token[] on a JSON route',
      '/api/users/complete-signup',
      false,
      `${part('token', 'a')}${part('token[]', 'b')}--x--\r\n`,
      415,
    ],
    [
      'a truncated file part on a multipart route',
      '/api/uploads/service-photo',
      true,
      TRUNCATED_FILE.replace('"file"', '"photo"'),
      400,
    ],
    [
      'token then token[] on a multipart route',
      '/api/uploads/service-photo',
      true,
      `${part('token', 'a')}${part('token[]', 'b')}--x--\r\n`,
      400,
    ],
    [
      'a __proto__[] field on a multipart route',
      '/api/uploads/service-photo',
      true,
      `${part('__proto__[]', 'a')}--x--\r\n`,
      400,
    ],
  ];

  it.each(cases)(
    '%s: a 4xx JSON answer, and the service keeps answering',
    async (_name, path, signedIn, body, status) => {
      const headers: Record<string, string> = { 'content-type': 'multipart/form-data; boundary=x' };
      if (signedIn) headers.authorization = `Bearer ${(await sessionFor()).token}`;
      const res = await fetch(`${rt.url}${path}`, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(10_000),
      });
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
      expect((await fetch(`${rt.url}/api/health`)).status).toBe(200);
    },
  );
});

describe('local runtime: SPA', () => {
  it('serves index.html (not cached) for client routes, on the platform host and tenant hosts', async () => {
    for (const host of [undefined, `acme.localhost:${rt.port}`]) {
      const res = await fetch(`${rt.url}/dashboard`, { headers: host ? { host } : {} });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('fake spa');
    }
  });

  it('serves files with their content type; hashed assets cached for long, missing ones 404', async () => {
    const js = await fetch(`${rt.url}/assets/app-abc123.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/text\/javascript/);
    expect(js.headers.get('cache-control')).toMatch(/max-age=31536000/);
    const svg = await fetch(`${rt.url}/favicon.svg`);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect((await fetch(`${rt.url}/assets/gone-000.js`)).status).toBe(404);
    expect((await fetch(`${rt.url}/%2e%2e/%2e%2e/etc/passwd`)).headers.get('content-type')).toMatch(/text\/html/);
  });
});

describe('local runtime: schedules, files and mail', () => {
  it('runs every declared sweep on its (shortened) schedule', async () => {
    await expect
      .poll(() => Object.values(rt.sweeps).every((s) => s.runs > 0), { timeout: 10_000, interval: SWEEP_MS })
      .toBe(true);
    expect(Object.keys(rt.sweeps)).toEqual(
      expect.arrayContaining(['overdue-reservations', 'unpaid-bookings', 'housekeeping']),
    );
    expect(Object.values(rt.sweeps).every((s) => s.failures === 0)).toBe(true);
  });

  it('hands photo uploads (ObjectCreated) to the resize handler, and nothing else', async () => {
    const s3 = new S3Client({
      endpoint: rt.s3Endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: runtimeCredentials(),
    });
    await s3.send(
      new PutObjectCommand({
        Bucket: rt.uploadsBucket,
        Key: 'org1/photos/item1/original.jpg',
        Body: 'jpeg',
        ContentType: 'image/jpeg',
      }),
    );
    await s3.send(new PutObjectCommand({ Bucket: rt.uploadsBucket, Key: 'org1/documents/terms.pdf', Body: 'pdf' }));
    await expect
      .poll(
        async () => {
          await rt.settleUploads();
          return (globalThis as { __resized?: string[] }).__resized ?? [];
        },
        { timeout: 5_000 },
      )
      .toEqual(['org1/photos/item1/original.jpg']);
  });

  it("the S3 emulator listens on loopback, refuses what is not signed with this start's secret, and lets only the app's pages read its answers (docs/decisions/0003-accepted-files.md)", async () => {
    expect(new URL(rt.s3Endpoint).hostname).toBe('127.0.0.1');
    const bucketUrl = `${rt.s3Endpoint}/${rt.uploadsBucket}`;
    const signed = new S3Client({
      endpoint: rt.s3Endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: runtimeCredentials(),
    });
    await signed.send(
      new PutObjectCommand({
        Bucket: rt.uploadsBucket,
        Key: 'tenants/orgA/documents/u/secret.pdf',
        Body: '%PDF-secret',
      }),
    );
    // unsigned list, get and put
    expect((await fetch(bucketUrl)).status).toBe(403);
    expect((await fetch(`${bucketUrl}/tenants/orgA/documents/u/secret.pdf`)).status).toBe(403);
    expect(
      (await fetch(`${bucketUrl}/tenants/orgA/documents/u/planted.pdf`, { method: 'PUT', body: 'x' })).status,
    ).toBe(403);
    // s3rver's well-known pair, or the runtime's key id with another secret: refused as well
    for (const secretAccessKey of ['S3RVER', 'guessed']) {
      const forged = new S3Client({
        endpoint: rt.s3Endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey },
      });
      await expect(
        forged.send(new GetObjectCommand({ Bucket: rt.uploadsBucket, Key: 'tenants/orgA/documents/u/secret.pdf' })),
      ).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
    }
    // a form without a policy signed by the runtime (what any web page can post)
    const form = new FormData();
    form.append('key', 'tenants/orgA/documents/u/planted.pdf');
    form.append('file', new Blob(['x']), 'planted.pdf');
    expect((await fetch(bucketUrl, { method: 'POST', body: form })).status).toBe(403);
    await expect(
      signed.send(new HeadObjectCommand({ Bucket: rt.uploadsBucket, Key: 'tenants/orgA/documents/u/planted.pdf' })),
    ).rejects.toMatchObject({ $metadata: { httpStatusCode: 404 } });

    // CORS: the app's origin (and its tenant subdomains) only, named, never `*`
    const preflight = (origin: string) =>
      fetch(bucketUrl, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });
    for (const origin of [new URL(rt.url).origin, `http://acme.localhost:${rt.port}`]) {
      const ok = await preflight(origin);
      expect(ok.status, origin).toBe(200);
      expect(ok.headers.get('access-control-allow-origin')).toBe(origin);
    }
    const evil = await preflight('https://evil.example');
    expect(evil.status).toBe(403);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const read = await fetch(`${bucketUrl}/tenants/orgA/documents/u/secret.pdf`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("catches mail sent through SES in the emulator's inbox", async () => {
    const ses = new SESClient({
      endpoint: rt.sesEndpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    await ses.send(
      new SendEmailCommand({
        Source: 'no-reply@mail.localhost',
        Destination: { ToAddresses: ['someone@example.com'] },
        Message: { Subject: { Data: 'Hello from the runtime test' }, Body: { Text: { Data: 'Body text' } } },
      }),
    );
    const store = (await (await fetch(rt.inboxUrl)).json()) as {
      emails: { subject: string; destination: { to: string[] } }[];
    };
    expect(
      store.emails.some(
        (e) => e.subject === 'Hello from the runtime test' && e.destination.to.includes('someone@example.com'),
      ),
    ).toBe(true);
  });
});

describe('local runtime: restart', () => {
  it('keeps data and the signing key (0600) in the data directory across restarts', async () => {
    const key = { pk: 'LOCALTEST', sk: 'restart' };
    await db().send(new PutCommand({ TableName: rt.tableName, Item: { ...key, note: 'kept' } }));
    const signingKey = process.env.TOKEN_SIGNING_KEY;
    expect(statSync(join(dataDir, 'secrets.json')).mode & 0o777).toBe(0o600);
    await rt.stop();
    delete process.env.TOKEN_SIGNING_KEY;

    rt = await startLocalRuntime({ port: 0, dataDir, webDist });
    expect(process.env.TOKEN_SIGNING_KEY).toBe(signingKey);
    const got = await db().send(new GetCommand({ TableName: rt.tableName, Key: key }));
    expect(got.Item?.note).toBe('kept');
    expect((await fetch(`${rt.url}/api/health`)).status).toBe(200);
  });
});

describe('local runtime: ready means ready (R-PLAT-14)', () => {
  it('answers 503 with Retry-After until the platform administrator exists, then 200', async () => {
    await rt.stop();
    let release!: () => void;
    const adminDone = new Promise<void>((r) => {
      release = r;
    });
    let adminCalls = 0;
    const onboarding: Onboarding = {
      ensurePlatformAdmin: async () => {
        adminCalls++;
        await adminDone;
        return { created: true };
      },
      seedDemoTenant: async () => {
        throw new Error('not seeded in this test');
      },
    };
    const port = await freePort();
    const starting = startLocalRuntime({ port, dataDir, webDist, platformAdmin: true, onboarding });
    // Poll until the server listens and start-up work has begun: from then on health must say "not yet".
    let res: Response | undefined;
    for (let i = 0; i < 600 && adminCalls === 0; i++) await new Promise((r) => setTimeout(r, 100));
    res = await fetch(`http://localhost:${port}/api/health`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await res.json()).toMatchObject({ error: 'Starting' });
    expect((await fetch(`http://localhost:${port}/api/auth/login`, { method: 'POST', body: '{}' })).status).toBe(503);

    release();
    rt = await starting;
    expect(rt.admin).toMatchObject({ created: true });
    res = await fetch(`${rt.url}/api/health`);
    expect(res.status).toBe(200);
  });
});

describe('local runtime: body limits while reading (R-PLAT-13)', () => {
  /** Sends only the request head (declaring a body it never sends) and returns the first answer line. */
  const headOnly = (method: string, path: string, contentLength: number) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(rt.port, '127.0.0.1', () => {
        socket.write(
          `${method} ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${contentLength}\r\n\r\n`,
        );
      });
      let answer = '';
      socket.setTimeout(5_000, () => {
        socket.destroy();
        reject(new Error(`no answer within 5 s; got "${answer}"`));
      });
      socket.on('data', (d) => {
        answer += d.toString('latin1');
        if (answer.includes('\r\n')) {
          socket.destroy();
          resolve(answer.slice(0, answer.indexOf('\r\n')));
        }
      });
      socket.on('error', reject);
    });

  it('refuses by Content-Length before reading: a JSON route past 1 MB, a GET past 64 KB', async () => {
    expect(await headOnly('POST', '/api/auth/login', 2 * 1024 * 1024)).toMatch(/^HTTP\/1\.1 413/);
    expect(await headOnly('GET', '/api/health', 100 * 1024)).toMatch(/^HTTP\/1\.1 413/);
    // Within its limit the same route waits for the body (no early answer).
    await expect(headOnly('POST', '/api/auth/login', 512 * 1024)).rejects.toThrow(/no answer within 5 s/);
  });

  it('stops reading a streamed body at the route limit, answers 413 JSON and keeps serving', async () => {
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    const body = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 8; i++) controller.enqueue(chunk);
        controller.close();
      },
    });
    const res = await fetch(`${rt.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({
      error: 'PayloadTooLarge',
      message: 'The request body is larger than 1 MB',
    });
    expect((await fetch(`${rt.url}/api/health`)).status).toBe(200);
  });

  it('gives form-data routes the 6 MB payload limit and bodyless methods 64 KB', () => {
    expect(bodyLimitOf({ method: 'POST', kind: 'multipart' })).toBe(6 * 1024 * 1024);
    expect(bodyLimitOf({ method: 'POST' })).toBe(1024 * 1024);
    expect(bodyLimitOf({ method: 'PUT', kind: 'json' })).toBe(1024 * 1024);
    expect(bodyLimitOf({ method: 'GET', kind: 'file' })).toBe(64 * 1024);
    expect(bodyLimitOf({ method: 'DELETE' })).toBe(64 * 1024);
  });
});
