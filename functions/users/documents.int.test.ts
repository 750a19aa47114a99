import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '../lib/config.js';
import { headObject, incomingKeys, resetFiles } from '../lib/files.js';
import type { TenantId } from '../lib/keys.js';
import { startS3, type RunningS3 } from '../local/s3.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestTable } from '../testing/harness.js';
import { documentKey } from './documents.js';

// docs/decisions/0003-accepted-files.md: an accepted document lives where no presigned form can write.

let s3: RunningS3;
let dir: string;
let owner: TestSession;
let employee: TestSession;

beforeAll(async () => {
  await useTestTable();
  dir = mkdtempSync(join(tmpdir(), 's3-accepted-'));
  // The runtime's emulator (signatures and form policies checked like S3); the harness signs with 'local'.
  s3 = await startS3({
    directory: dir,
    buckets: ['uploads'],
    origins: ['http://localhost:3000'],
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  Object.assign(process.env, { S3_ENDPOINT: s3.endpoint, UPLOADS_BUCKET: 'uploads' });
  resetConfig();
  resetFiles();
  owner = await sessionFor({ role: 'BUSINESS_ADMIN', accessLevel: 'MANAGER' });
  employee = await sessionFor({ tenant: owner.tenant, role: 'EMPLOYEE' });
}, 60_000);

afterAll(async () => {
  await s3?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('accepted documents', () => {
  it('a used upload form posted again after acceptance leaves the accepted file and its listed size unchanged', async () => {
    const tenant = owner.tenant as TenantId;
    const p = await call('POST', `/api/users/${employee.userId}/documents/presign`, {
      token: owner.token,
      body: { name: 'Contract', fileName: 'contract.pdf', fileSize: PDF.length },
    });
    expect(p.status, p.raw).toBe(201);
    const docId = p.body.document.id as string;
    const post = (bytes: Buffer) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(p.body.upload.fields as Record<string, string>)) form.append(k, v);
      form.append('file', new Blob([new Uint8Array(bytes)]), 'contract.pdf');
      return fetch(p.body.upload.url, { method: 'POST', body: form });
    };
    expect((await post(PDF)).status).toBeLessThan(300);
    const done = await call('POST', `/api/users/${employee.userId}/documents/${docId}/complete`, {
      token: owner.token,
    });
    expect(done.status, done.raw).toBe(200);
    expect(done.body.document.fileSize).toBe(PDF.length);
    const finalKey = documentKey(tenant, employee.userId, docId, 'pdf');
    expect(p.body.upload.fields.key).not.toBe(finalKey);
    expect(await headObject(finalKey)).toMatchObject({ size: PDF.length });

    // The form is still valid (10 minutes): post other bytes, which would not pass the byte check.
    const junk = Buffer.from(
      'MZ\x90\x00 an executable, much longer than the contract that was accepted before it '.repeat(20),
    );
    expect((await post(junk)).status).toBeLessThan(300);
    // Completing again changes nothing either.
    expect(
      (await call('POST', `/api/users/${employee.userId}/documents/${docId}/complete`, { token: owner.token })).body
        .document.fileSize,
    ).toBe(PDF.length);

    const list = await call('GET', `/api/users/${employee.userId}/documents`, { token: owner.token });
    expect(list.body.documents).toEqual([expect.objectContaining({ id: docId, fileSize: PDF.length })]);
    const file = await call('GET', `/api/users/${employee.userId}/documents/${docId}/file`, { token: owner.token });
    expect(file.status, file.raw).toBe(200);
    const fetched = Buffer.from(await (await fetch(file.body.url)).arrayBuffer());
    expect(fetched.equals(PDF)).toBe(true);

    // Deleting the document removes the accepted file and what the used form left behind.
    expect(
      (await call('DELETE', `/api/users/${employee.userId}/documents/${docId}`, { token: owner.token })).status,
    ).toBe(200);
    expect(await headObject(finalKey)).toBeNull();
    expect(await headObject(incomingKeys.document(tenant, employee.userId, docId, 'pdf'))).toBeNull();
  });

  it('checks the uploaded bytes before accepting and never writes a refused file to the final key', async () => {
    const tenant = owner.tenant as TenantId;
    const p = await call('POST', `/api/users/${employee.userId}/documents/presign`, {
      token: owner.token,
      body: { name: 'Fake', fileName: 'fake.pdf', fileSize: 20 },
    });
    expect(p.status, p.raw).toBe(201);
    const form = new FormData();
    for (const [k, v] of Object.entries(p.body.upload.fields as Record<string, string>)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(Buffer.from('not a pdf at all....'))]), 'fake.pdf');
    expect((await fetch(p.body.upload.url, { method: 'POST', body: form })).status).toBeLessThan(300);
    const done = await call('POST', `/api/users/${employee.userId}/documents/${p.body.document.id}/complete`, {
      token: owner.token,
    });
    expect(done.status).toBe(400);
    expect(await headObject(documentKey(tenant, employee.userId, p.body.document.id, 'pdf'))).toBeNull();
    expect(await headObject(p.body.upload.fields.key)).toBeNull();
  });
});
