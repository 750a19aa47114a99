/**
 * Facts the stack and the functions must agree on. Nothing from aws-cdk-lib here.
 *
 * Photo originals live at `tenants/{tenant}/photos/originals/{baseKey}.{ext}` and variants at
 * `tenants/{tenant}/photos/{medium,large}/{baseKey}.webp` (docs/data-model.md). S3 notification
 * filters know only a literal prefix and suffix, so the bucket notifies the resize function for
 * everything under `tenants/`; functions/uploads/resize.ts skips every key that parseOriginalKey
 * (functions/lib/files.ts) does not accept. That skip is what stops the variants it writes from
 * starting it again.
 */
export const PHOTO_NOTIFICATION_PREFIX = 'tenants/';

/** The objects photo code may touch (IAM wildcards, unlike S3 filters, may sit mid-key). */
export const PHOTO_OBJECTS = 'tenants/*/photos/*';

/** Employee documents: `tenants/{tenant}/documents/{userId}/{docId}.{ext}` (functions/users/documents.ts). */
export const DOCUMENT_OBJECTS = 'tenants/*/documents/*';

/** CloudFront sends this path to the streaming function URL instead of the HTTP API. */
export const STREAM_PATH = '/api/events/dashboard';
