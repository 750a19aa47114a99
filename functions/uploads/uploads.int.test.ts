import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyStructuredResultV2, Context, S3Event } from 'aws-lambda';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchRoute } from '../../shared/contract/match.js';
import { resetConfig } from '../lib/config.js';
import { headObject, incomingKeys, photoKeys, resetFiles } from '../lib/files.js';
import type { TenantId } from '../lib/keys.js';
import { toApiGatewayEvent } from '../local/api-gateway-event.js';
import { startS3, type RunningS3 } from '../local/s3.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestTable } from '../testing/harness.js';
import { handler as uploads } from './handler.js';
import { getPhoto } from './photos.js';
import { handler as resize } from './resize.js';

let server: RunningS3;
let dir: string;
let admin: TestSession;
const pending = new Set<Promise<unknown>>();
/** Waits for the resize runs the emulator's ObjectCreated events started. */
const settle = async () => {
  while (pending.size) await Promise.allSettled([...pending]);
};

beforeAll(async () => {
  await useTestTable();
  dir = mkdtempSync(join(tmpdir(), 's3-photos-'));
  // The runtime's emulator, which checks signatures and form policies like S3; the harness signs
  // with 'local' (DynamoDB Local keeps one database per key).
  server = await startS3({
    directory: dir,
    buckets: ['uploads'],
    origins: ['http://localhost:3000'],
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    // As in AWS (and the local runtime): ObjectCreated starts the resize handler.
    onEvent: (e: S3Event) => {
      const job = resize(e);
      pending.add(job);
      void job.finally(() => pending.delete(job));
    },
  });
  Object.assign(process.env, { S3_ENDPOINT: server.endpoint, UPLOADS_BUCKET: 'uploads' });
  resetConfig();
  resetFiles();
  admin = await sessionFor({ role: 'BUSINESS_ADMIN' });
}, 60_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A multipart request with binary content, base64-encoded as API Gateway delivers it. */
async function multipart(
  token: string,
  file: { name: string; type: string; bytes: Buffer } | null,
  fields: Record<string, string> = {},
) {
  const boundary = `----test${randomUUID().replace(/-/g, '')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const body = Buffer.concat(parts);
  const path = '/api/uploads/service-photo';
  const event = toApiGatewayEvent(
    {
      method: 'POST',
      path,
      body: body.toString('base64'),
      isBase64Encoded: true,
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    },
    matchRoute('POST', path)!,
  );
  const res = (await uploads(event, {
    awsRequestId: randomUUID(),
    getRemainingTimeInMillis: () => 30_000,
  } as unknown as Context)) as APIGatewayProxyStructuredResultV2;
  return { status: res.statusCode!, body: JSON.parse(String(res.body)) };
}

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 80, b: 20 } } })
    .png()
    .toBuffer();

describe('service photos', () => {
  it('stores a multipart upload under the tenant and the resize step writes medium and large WebP variants', async () => {
    const res = await multipart(
      admin.token,
      { name: 'boat.png', type: 'image/png', bytes: await png(2400, 1200) },
      { serviceId: 'svc-1' },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ success: true, baseKey: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
    expect(res.body.urls.medium).toContain(`/tenants/${admin.tenant}/photos/medium/${res.body.baseKey}.webp`);
    await settle();
    const tenant = admin.tenant as TenantId;
    expect((await getPhoto(tenant, res.body.baseKey))?.status).toBe('READY');
    const medium = await fetch(res.body.urls.medium);
    expect(medium.status).toBe(200);
    const meta = await sharp(Buffer.from(await medium.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 400 });
    const large = await sharp(Buffer.from(await (await fetch(res.body.urls.large)).arrayBuffer())).metadata();
    expect(large).toMatchObject({ format: 'webp', width: 1600 });

    // removing it removes the original and the variants
    expect(
      (await call('DELETE', `/api/uploads/service-photo/${res.body.baseKey}`, { token: admin.token })).status,
    ).toBe(200);
    expect(await headObject(photoKeys.variant(tenant, 'medium', res.body.baseKey))).toBeNull();
    expect(
      (await call('DELETE', `/api/uploads/service-photo/${res.body.baseKey}`, { token: admin.token })).status,
    ).toBe(404);
  });

  it('refuses a non-image on the multipart route whatever its name and type say, and too big a file with 413', async () => {
    const fake = await multipart(admin.token, {
      name: 'cat.png',
      type: 'image/png',
      bytes: Buffer.from('#!/bin/sh\necho not a picture\n'),
    });
    expect(fake).toMatchObject({ status: 400, body: { message: 'Please select an image file.' } });
    const none = await multipart(admin.token, null, { serviceId: 'x' });
    expect(none.status).toBe(400);
    const big = await multipart(admin.token, {
      name: 'big.png',
      type: 'image/png',
      bytes: Buffer.concat([await png(10, 10), Buffer.alloc(4 * 1024 * 1024 + 10)]),
    });
    expect(big.status).toBe(413);
    expect(big.body.message).toMatch(/presign/);
    const emp = await sessionFor({ role: 'EMPLOYEE', tenant: admin.tenant });
    expect((await multipart(emp.token, { name: 'a.png', type: 'image/png', bytes: await png(10, 10) })).status).toBe(
      403,
    );
  });

  it('presigns a direct POST up to 10 MB; the resize step deletes a non-image that came that way', async () => {
    const tooBig = await call('POST', '/api/uploads/service-photo/presign', {
      token: admin.token,
      body: { contentType: 'image/png', size: 10 * 1024 * 1024 + 1 },
    });
    expect(tooBig).toMatchObject({ status: 413, body: { message: 'File size must be less than 10MB.' } });
    const notImage = await call('POST', '/api/uploads/service-photo/presign', {
      token: admin.token,
      body: { contentType: 'application/pdf', size: 100 },
    });
    expect(notImage.body.message).toBe('Validation failed: Please select an image file.');

    const upload = async (bytes: Buffer) => {
      const p = await call('POST', '/api/uploads/service-photo/presign', {
        token: admin.token,
        body: { contentType: 'image/jpeg', size: bytes.length },
      });
      expect(p.status).toBe(201);
      expect(p.body.upload.fields.Policy).toBeTruthy();
      const conditions = JSON.parse(Buffer.from(p.body.upload.fields.Policy, 'base64').toString()).conditions;
      expect(conditions).toContainEqual(['content-length-range', 1, 10 * 1024 * 1024]);
      expect(conditions).toContainEqual(['eq', '$Content-Type', 'image/jpeg']);
      const form = new FormData();
      for (const [k, v] of Object.entries(p.body.upload.fields as Record<string, string>)) form.append(k, v);
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'x.jpg');
      const res = await fetch(p.body.upload.url, { method: 'POST', body: form });
      expect(res.status).toBeLessThan(300);
      await settle();
      return p.body.baseKey as string;
    };
    const tenant = admin.tenant as TenantId;
    const good = await upload(
      await sharp({ create: { width: 300, height: 300, channels: 3, background: '#08f' } })
        .jpeg()
        .toBuffer(),
    );
    expect((await getPhoto(tenant, good))?.status).toBe('READY');
    expect(await headObject(photoKeys.variant(tenant, 'large', good))).not.toBeNull();

    const bad = await upload(Buffer.from('%PDF-1.4 definitely not a jpeg'));
    const row = await getPhoto(tenant, bad);
    expect(row).toMatchObject({ status: 'REJECTED', reason: 'not an image' });
    expect(await headObject(row!.originalKey)).toBeNull();
    expect(await headObject(photoKeys.variant(tenant, 'medium', bad))).toBeNull();

    // a rejected photo cannot be put on a service
    const svc = await call('POST', '/api/inventory/services', {
      token: admin.token,
      body: { name: 'With photo', rateType: 'FIXED', photoBaseKey: bad },
    });
    expect(svc.status).toBe(400);
    const ok = await call('POST', '/api/inventory/services', {
      token: admin.token,
      body: { name: 'With photo', rateType: 'FIXED', photoBaseKey: good },
    });
    expect(ok.status).toBe(201);
    expect(JSON.parse(ok.body.photoUrls).medium).toContain(`/photos/medium/${good}.webp`);
  });

  it('keeps an accepted photo when its used form is posted again, with another image or with junk', async () => {
    const tenant = admin.tenant as TenantId;
    const first = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#0a0' } })
      .jpeg()
      .toBuffer();
    const p = await call('POST', '/api/uploads/service-photo/presign', {
      token: admin.token,
      body: { contentType: 'image/jpeg', size: first.length },
    });
    expect(p.status).toBe(201);
    const post = (bytes: Buffer) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(p.body.upload.fields as Record<string, string>)) form.append(k, v);
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'x.jpg');
      return fetch(p.body.upload.url, { method: 'POST', body: form });
    };
    // the form names an incoming key, never the original's
    expect(p.body.upload.fields.key).toBe(incomingKeys.photo(tenant, p.body.baseKey, 'jpg'));
    expect((await post(first)).status).toBeLessThan(300);
    await settle();
    const row = await getPhoto(tenant, p.body.baseKey);
    expect(row?.status).toBe('READY');
    const original = await headObject(row!.originalKey);
    const large = await headObject(photoKeys.variant(tenant, 'large', p.body.baseKey));
    expect(original?.size).toBe(first.length);

    const other = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#f00' } })
      .jpeg()
      .toBuffer();
    expect((await post(other)).status).toBeLessThan(300);
    // one at a time: s3rver's file store fails a write that meets the delete of the same key
    await settle();
    expect((await post(Buffer.from('#!/bin/sh\nnot a picture\n'))).status).toBeLessThan(300);
    await settle();
    expect(await getPhoto(tenant, p.body.baseKey)).toMatchObject({ status: 'READY' });
    expect(await headObject(row!.originalKey)).toEqual(original);
    expect(await headObject(photoKeys.variant(tenant, 'large', p.body.baseKey))).toEqual(large);
    const meta = await sharp(Buffer.from(await (await fetch(p.body.urls.large)).arrayBuffer())).metadata();
    expect(meta).toMatchObject({ width: 300, height: 200 });
    // what the used form wrote was dropped
    expect(await headObject(p.body.upload.fields.key)).toBeNull();
  });
});
