import { INCOMING_PREFIX, incomingKeys } from '../functions/lib/files.js';

/**
 * Facts the stack and the functions must agree on. Nothing from aws-cdk-lib here.
 *
 * Uploads (presigned POST forms and the multipart routes) land under `incoming/` and are accepted
 * from there onto their final `tenants/…` key, which no form can name (functions/lib/files.ts,
 * incomingKeys; docs/decisions/0003-accepted-files.md). Photos land at `incoming/photos/{tenant}/{baseKey}.{ext}`; the
 * resize function accepts them into `tenants/{tenant}/photos/originals/{baseKey}.{ext}` and writes
 * the variants at `tenants/{tenant}/photos/{medium,large}/{baseKey}.webp` (docs/data-model.md).
 * The bucket notifies it for `incoming/photos/` only, so what it writes never starts it again.
 */
export const PHOTO_NOTIFICATION_PREFIX = incomingKeys.photosPrefix;

/** The objects photo code may touch (IAM wildcards, unlike S3 filters, may sit mid-key). */
export const PHOTO_OBJECTS = 'tenants/*/photos/*';
/** Photo uploads waiting for resize: what a photo form may write. */
export const INCOMING_PHOTO_OBJECTS = `${incomingKeys.photosPrefix}*`;

/** Where every upload waits for its check; the bucket expires what is left there (infra/data.ts). */
export const INCOMING_OBJECTS_PREFIX = INCOMING_PREFIX;

/** Employee documents: `tenants/{tenant}/documents/{userId}/{docId}.{ext}` (functions/users/documents.ts). */
export const DOCUMENT_OBJECTS = 'tenants/*/documents/*';
/** Document uploads waiting for the complete step: what a document form may write. */
export const INCOMING_DOCUMENT_OBJECTS = `${incomingKeys.documentsPrefix}*`;

/** CloudFront sends this path to the streaming function URL instead of the HTTP API. */
export const STREAM_PATH = '/api/events/dashboard';
