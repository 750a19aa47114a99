import type { PresignedPost } from '@aws-sdk/s3-presigned-post';
import { config } from './config.js';
import type { TenantId } from './keys.js';
import { loadOnce } from './load-once.js';

/**
 * The S3 SDK and its two presigners (~130 KB with their middleware) load with import() on first use,
 * not at cold start (docs/decisions/0132-house-lean-bundles-fourth-pass-every-api.md): in services (photo URLs and deletes), users
 * (employee documents) and platform (health) only a minority of requests touch S3, and esbuild puts
 * what is behind import() in chunks those other requests never fetch.
 *
 * The client: with S3_ENDPOINT (the local emulator) requests are path-style; checksums only when S3
 * requires them, because the SDK's default adds an empty-body checksum to presigned requests that S3
 * then refuses.
 */
const s3Sdk = /* @__PURE__ */ loadOnce(async () => {
  const sdk = await import('@aws-sdk/client-s3');
  const c = config();
  const client = new sdk.S3Client({
    region: c.region,
    ...(c.s3Endpoint ? { endpoint: c.s3Endpoint, forcePathStyle: true } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return { sdk, client };
});
const urlPresigner = /* @__PURE__ */ loadOnce(() => import('@aws-sdk/s3-request-presigner'));
const postPresigner = /* @__PURE__ */ loadOnce(() => import('@aws-sdk/s3-presigned-post'));

export function resetFiles(): void {
  s3Sdk.reset();
}

const bucket = () => config().uploadsBucket;

/** Photo layout: originals, and the variants the resize function writes from them. */
export const PHOTO_VARIANTS = ['medium', 'large'] as const;
export type PhotoVariant = (typeof PHOTO_VARIANTS)[number];
export const photoKeys = {
  originalsPrefix: (tenant: TenantId) => `tenants/${tenant}/photos/originals/`,
  original: (tenant: TenantId, baseKey: string, ext: string) => `tenants/${tenant}/photos/originals/${baseKey}.${ext}`,
  variant: (tenant: TenantId, variant: PhotoVariant, baseKey: string) =>
    `tenants/${tenant}/photos/${variant}/${baseKey}.webp`,
};

/**
 * Where presigned upload forms write (docs/decisions/0003-accepted-files.md). A form stays usable until it expires, so
 * it must never name a key that readers use: it names an `incoming/` key, and the accept step
 * (resize for photos, the documents' complete step) writes the bytes it checked to the final
 * `tenants/…` key, which no form can target. The multipart routes use the same layout. A re-posted
 * form after acceptance only leaves an incoming object nobody reads (the bucket expires `incoming/`
 * after a day, infra/data.ts).
 */
export const INCOMING_PREFIX = 'incoming/';
export const incomingKeys = {
  photosPrefix: `${INCOMING_PREFIX}photos/`,
  documentsPrefix: `${INCOMING_PREFIX}documents/`,
  photo: (tenant: TenantId, baseKey: string, ext: string) => `${INCOMING_PREFIX}photos/${tenant}/${baseKey}.${ext}`,
  document: (tenant: TenantId, userId: string, docId: string, ext: string) =>
    `${INCOMING_PREFIX}documents/${tenant}/${userId}/${docId}.${ext}`,
};

/** `incoming/photos/{tenant}/{baseKey}.{ext}` → its parts, or null for any other key. */
export function parseIncomingPhotoKey(key: string): { tenant: string; baseKey: string; ext: string } | null {
  const m = /^incoming\/photos\/([A-Za-z0-9_-]{1,64})\/([A-Za-z0-9_-]{1,100})\.([a-z0-9]{1,5})$/.exec(key);
  return m ? { tenant: m[1]!, baseKey: m[2]!, ext: m[3]! } : null;
}

/** How long a photo URL handed to a browser stays valid; every read hands out fresh ones. */
const PHOTO_URL_TTL_SECONDS = 24 * 3600;

/**
 * A time-limited GET link. `response` sets the headers S3 answers with (a document's download name
 * and type, functions/users/documents.ts).
 */
export async function presignGet(
  key: string,
  expiresIn = PHOTO_URL_TTL_SECONDS,
  response: { contentDisposition?: string; contentType?: string } = {},
): Promise<string> {
  const [{ sdk, client }, { getSignedUrl }] = await Promise.all([s3Sdk.get(), urlPresigner.get()]);
  const command = new sdk.GetObjectCommand({
    Bucket: bucket(),
    Key: key,
    ...(response.contentDisposition ? { ResponseContentDisposition: response.contentDisposition } : {}),
    ...(response.contentType ? { ResponseContentType: response.contentType } : {}),
  });
  return getSignedUrl(client, command, { expiresIn });
}

/**
 * A browser upload straight to S3: the policy pins the key, the exact content type and the size
 * range, so S3 itself refuses anything bigger or of another type.
 */
export async function presignPost(
  key: string,
  opts: { contentType: string; maxBytes: number; expiresSeconds?: number },
): Promise<PresignedPost> {
  const [{ client }, { createPresignedPost }] = await Promise.all([s3Sdk.get(), postPresigner.get()]);
  return createPresignedPost(client, {
    Bucket: bucket(),
    Key: key,
    Conditions: [
      ['content-length-range', 1, opts.maxBytes],
      ['eq', '$Content-Type', opts.contentType],
    ],
    Fields: { 'Content-Type': opts.contentType },
    Expires: opts.expiresSeconds ?? 600,
  });
}

export async function putObject(
  key: string,
  body: Uint8Array,
  contentType: string,
  extra: { cacheControl?: string } = {},
): Promise<void> {
  const { sdk, client } = await s3Sdk.get();
  await client.send(
    new sdk.PutObjectCommand({
      Bucket: bucket(),
      Key: key,
      Body: body,
      ContentType: contentType,
      CacheControl: extra.cacheControl,
    }),
  );
}

export async function getObjectBytes(key: string): Promise<Uint8Array> {
  const { sdk, client } = await s3Sdk.get();
  const res = await client.send(new sdk.GetObjectCommand({ Bucket: bucket(), Key: key }));
  return res.Body!.transformToByteArray();
}

export async function headObject(key: string): Promise<{ size: number; contentType?: string } | null> {
  const { sdk, client } = await s3Sdk.get();
  try {
    const res = await client.send(new sdk.HeadObjectCommand({ Bucket: bucket(), Key: key }));
    return { size: res.ContentLength ?? 0, contentType: res.ContentType };
  } catch (e) {
    const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 404 || (e as { name?: string }).name === 'NotFound') return null;
    throw e;
  }
}

export async function deleteObjects(keysToDelete: string[]): Promise<void> {
  if (!keysToDelete.length) return;
  const { sdk, client } = await s3Sdk.get();
  // DeleteObjects takes at most 1000 keys a request.
  for (let i = 0; i < keysToDelete.length; i += 1000) {
    await client.send(
      new sdk.DeleteObjectsCommand({
        Bucket: bucket(),
        Delete: { Objects: keysToDelete.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
      }),
    );
  }
}

/** HeadBucket on the uploads bucket: the platform health probe. */
export async function headBucket(): Promise<void> {
  const { sdk, client } = await s3Sdk.get();
  await client.send(new sdk.HeadBucketCommand({ Bucket: bucket() }));
}

/**
 * What the first bytes of a file say it is: the resize step and the multipart upload trust this,
 * never the file name or the declared content type.
 */
export function sniffImageType(bytes: Uint8Array): 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | null {
  const b = bytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (
    b.length >= 8 &&
    b[0] === 0x89 &&
    b[1] === 0x50 &&
    b[2] === 0x4e &&
    b[3] === 0x47 &&
    b[4] === 0x0d &&
    b[5] === 0x0a &&
    b[6] === 0x1a &&
    b[7] === 0x0a
  )
    return 'image/png';
  if (
    b.length >= 6 &&
    b[0] === 0x47 &&
    b[1] === 0x49 &&
    b[2] === 0x46 &&
    b[3] === 0x38 &&
    (b[4] === 0x37 || b[4] === 0x39) &&
    b[5] === 0x61
  )
    return 'image/gif';
  if (
    b.length >= 12 &&
    b[0] === 0x52 &&
    b[1] === 0x49 &&
    b[2] === 0x46 &&
    b[3] === 0x46 &&
    b[8] === 0x57 &&
    b[9] === 0x45 &&
    b[10] === 0x42 &&
    b[11] === 0x50
  )
    return 'image/webp';
  return null;
}

export const EXT_FOR_TYPE: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
