import type { IncomingMessage } from 'node:http';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { verifyPostForm } from './s3-guard.js';
import { verifyQuerySignature } from './s3-signature.js';

// The verifier against what the SDK really signs (no network: presigning is local).
const creds = { accessKeyId: 'S3RVER', secretAccessKey: 'runtime-secret' };
const client = (secretAccessKey = creds.secretAccessKey) =>
  new S3Client({
    region: 'us-east-1',
    endpoint: 'http://127.0.0.1:4569',
    forcePathStyle: true,
    credentials: { accessKeyId: creds.accessKeyId, secretAccessKey },
  });

async function form(opts: { secret?: string; key?: string; expires?: number } = {}) {
  const p = await createPresignedPost(client(opts.secret), {
    Bucket: 'uploads',
    Key: opts.key ?? 'incoming/documents/org1/u1/d1.pdf',
    Conditions: [
      ['content-length-range', 1, 100],
      ['eq', '$Content-Type', 'application/pdf'],
    ],
    Fields: { 'Content-Type': 'application/pdf' },
    Expires: opts.expires ?? 600,
  });
  return { ...p.fields, file: { truncated: false, content: Buffer.from('%PDF-1.4') } } as Record<
    string,
    string | { truncated: boolean; content: Buffer }
  >;
}
const refusal = (f: () => void) => {
  try {
    f();
  } catch (e) {
    return (e as { code?: string }).code;
  }
  return 'accepted';
};

describe('local S3 guard: POST forms', () => {
  it('accepts a form as the runtime signed it', async () => {
    const f = await form();
    expect(refusal(() => verifyPostForm(f, 'uploads', creds))).toBe('accepted');
  });

  it('refuses a form signed with another secret, another key than its policy names, a bigger file, another type, an extra field, another bucket, an expired policy', async () => {
    // what any web page can post: no policy at all
    expect(
      refusal(() =>
        verifyPostForm({ key: 'x', file: { truncated: false, content: Buffer.from('x') } }, 'uploads', creds),
      ),
    ).toBe('AccessDenied');
    const f = await form();
    expect(refusal(() => verifyPostForm(f, 'uploads', creds))).toBe('accepted');
    expect(refusal(() => verifyPostForm({ ...f }, 'uploads', { ...creds, secretAccessKey: 'S3RVER' }))).toBe(
      'SignatureDoesNotMatch',
    );
    expect(refusal(() => verifyPostForm({ ...f, key: 'tenants/org1/documents/u1/d1.pdf' }, 'uploads', creds))).toBe(
      'AccessDenied',
    );
    expect(
      refusal(() =>
        verifyPostForm({ ...f, file: { truncated: false, content: Buffer.alloc(101, 1) } }, 'uploads', creds),
      ),
    ).toBe('EntityTooLarge');
    expect(refusal(() => verifyPostForm({ ...f, 'Content-Type': 'text/html' }, 'uploads', creds))).toBe('AccessDenied');
    expect(refusal(() => verifyPostForm({ ...f, 'x-amz-meta-note': 'added' }, 'uploads', creds))).toBe('AccessDenied');
    expect(refusal(() => verifyPostForm(f, 'other-bucket', creds))).toBe('AccessDenied');
    expect(refusal(() => verifyPostForm(f, 'uploads', creds, Date.now() + 601_000))).toBe('AccessDenied');
  });
});

describe('local S3 guard: presigned URLs', () => {
  const request = (url: string) => {
    const u = new URL(url);
    return { method: 'GET', url: `${u.pathname}${u.search}`, headers: { host: u.host } } as unknown as IncomingMessage;
  };
  const presigned = (secret?: string, Key = 'tenants/org1/photos/medium/abc.webp') =>
    getSignedUrl(
      client(secret),
      new GetObjectCommand({ Bucket: 'uploads', Key, ResponseContentDisposition: 'attachment; filename="a b.pdf"' }),
      { expiresIn: 300 },
    );

  it('accepts what the runtime presigned until it expires; refuses another secret and a changed key', async () => {
    const url = await presigned();
    expect(refusal(() => verifyQuerySignature(request(url), creds))).toBe('accepted');
    expect(refusal(() => verifyQuerySignature(request(url), creds, Date.now() + 301_000))).toBe('AccessDenied');
    const forged = await presigned('S3RVER');
    expect(refusal(() => verifyQuerySignature(request(forged), creds))).toBe('SignatureDoesNotMatch');
    expect(refusal(() => verifyQuerySignature(request(url.replace('/org1/', '/org2/')), creds))).toBe(
      'SignatureDoesNotMatch',
    );
  });
});
