import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3Event } from 'aws-lambda';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '../lib/config.js';
import { headObject, photoKeys, resetFiles } from '../lib/files.js';
import type { TenantId } from '../lib/keys.js';
import { startS3, type RunningS3 } from '../local/s3.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestTable } from '../testing/harness.js';
import { handler as resize } from '../uploads/resize.js';
import { getEmployee } from './store.js';

// docs/decisions/0227-employees-picture-upload.md: the picture goes the service photos' checked way.

let s3: RunningS3;
let dir: string;
let owner: TestSession;
let employee: TestSession;
let colleague: TestSession;
let other: TestSession;

beforeAll(async () => {
  await useTestTable();
  dir = mkdtempSync(join(tmpdir(), 's3-pictures-'));
  s3 = await startS3({
    directory: dir,
    buckets: ['uploads'],
    origins: ['http://localhost:3000'],
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    // As in AWS and the local runtime: an upload under incoming/photos/ starts the resize step.
    onEvent: (e: S3Event) => void resize(e),
  });
  Object.assign(process.env, { S3_ENDPOINT: s3.endpoint, UPLOADS_BUCKET: 'uploads' });
  resetConfig();
  resetFiles();
  owner = await sessionFor({ role: 'BUSINESS_ADMIN', accessLevel: 'MANAGER' });
  employee = await sessionFor({ tenant: owner.tenant, role: 'EMPLOYEE' });
  colleague = await sessionFor({ tenant: owner.tenant, role: 'EMPLOYEE' });
  other = await sessionFor({ role: 'BUSINESS_ADMIN', accessLevel: 'MANAGER' });
}, 60_000);

afterAll(async () => {
  await s3?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 20, g: 90, b: 200 } } })
    .png()
    .toBuffer();

/** Presign as `who` for `userId`, then post the bytes with the form, as the browser does. */
async function upload(who: TestSession, userId: string, bytes: Buffer, contentType = 'image/png') {
  const p = await call('POST', `/api/users/${userId}/picture/presign`, {
    token: who.token,
    body: { contentType, size: bytes.length },
  });
  expect(p.status, p.raw).toBe(201);
  const form = new FormData();
  for (const [k, v] of Object.entries(p.body.upload.fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), 'me.png');
  expect((await fetch(p.body.upload.url, { method: 'POST', body: form })).status).toBeLessThan(300);
  return p.body.baseKey as string;
}

describe('employee pictures', () => {
  it('uploads, resizes like service photos and shows the picture; a new one replaces and removes the old', async () => {
    const tenant = owner.tenant as TenantId;
    const baseKey = await upload(owner, employee.userId, await png(1600, 1200));
    const set = await call('PUT', `/api/users/${employee.userId}/picture`, { token: owner.token, body: { baseKey } });
    expect(set.status, set.raw).toBe(200);
    const url = set.body.employee.profilePicture as string;
    expect(url).toContain(`/tenants/${tenant}/photos/medium/${baseKey}.webp`);
    const meta = await sharp(Buffer.from(await (await fetch(url)).arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 600 });
    expect((await getEmployee(tenant, employee.userId))?.profilePictureBaseKey).toBe(baseKey);
    const read = await call('GET', `/api/users/${employee.userId}`, { token: owner.token });
    expect(read.body.employee.profilePicture).toContain(`/photos/medium/${baseKey}.webp`);

    const next = await upload(owner, employee.userId, await png(300, 300));
    expect(
      (await call('PUT', `/api/users/${employee.userId}/picture`, { token: owner.token, body: { baseKey: next } }))
        .status,
    ).toBe(200);
    expect(await headObject(photoKeys.variant(tenant, 'medium', baseKey))).toBeNull();
    expect(await headObject(photoKeys.variant(tenant, 'medium', next))).not.toBeNull();

    const removed = await call('DELETE', `/api/users/${employee.userId}/picture`, { token: owner.token });
    expect(removed.status, removed.raw).toBe(200);
    expect(removed.body.employee.profilePicture).toBeNull();
    expect(await headObject(photoKeys.variant(tenant, 'medium', next))).toBeNull();
  });

  it('refuses what is not an image: by declared type before the upload, by its bytes after', async () => {
    const pdf = await call('POST', `/api/users/${employee.userId}/picture/presign`, {
      token: owner.token,
      body: { contentType: 'application/pdf', size: 1000 },
    });
    expect(pdf.status).toBe(400);
    expect(pdf.raw).toContain('Please select an image file.');
    const huge = await call('POST', `/api/users/${employee.userId}/picture/presign`, {
      token: owner.token,
      body: { contentType: 'image/png', size: 10 * 1024 * 1024 + 1 },
    });
    expect(huge.status).toBe(413);

    // Declared as a PNG, but the bytes are a script: the resize step rejects it, so the record never takes it.
    const baseKey = await upload(owner, employee.userId, Buffer.from('#!/bin/sh\necho not a picture\n'.repeat(10)));
    const set = await call('PUT', `/api/users/${employee.userId}/picture`, { token: owner.token, body: { baseKey } });
    expect(set.status, set.raw).toBe(400);
    expect(set.body.message).toBe('Please select an image file.');
    expect((await getEmployee(owner.tenant as TenantId, employee.userId))?.profilePictureBaseKey ?? null).toBeNull();
  });

  it("another tenant cannot touch an employee's picture, nor can another employee's record take it", async () => {
    const baseKey = await upload(owner, employee.userId, await png(200, 200));
    const asOther = (method: string, path: string, body?: unknown) => call(method, path, { token: other.token, body });
    expect(
      (await asOther('POST', `/api/users/${employee.userId}/picture/presign`, { contentType: 'image/png', size: 10 }))
        .status,
    ).toBe(404);
    expect((await asOther('PUT', `/api/users/${employee.userId}/picture`, { baseKey })).status).toBe(404);
    expect((await asOther('DELETE', `/api/users/${employee.userId}/picture`)).status).toBe(404);
    // Its own employee cannot take tenant A's photo either: the key is looked up in the caller's partition.
    expect((await asOther('PUT', `/api/users/${other.userId}/picture`, { baseKey })).status).toBe(404);
    // Within the tenant, a photo uploaded for one employee is not another's.
    expect(
      (await call('PUT', `/api/users/${colleague.userId}/picture`, { token: owner.token, body: { baseKey } })).status,
    ).toBe(404);
    // An employee without the edit permission cannot change anyone's picture, their own included.
    expect(
      (
        await call('POST', `/api/users/${employee.userId}/picture/presign`, {
          token: employee.token,
          body: { contentType: 'image/png', size: 10 },
        })
      ).status,
    ).toBe(403);
  });
});
