/**
 * Facts the stack and the functions must agree on. This module imports nothing from aws-cdk-lib, so
 * function code (functions/uploads/resize.ts) can import it without pulling CDK into a bundle.
 */

/**
 * Photo originals live at `tenants/{tenant}/photos/originals/{file}`. S3 notification filters only
 * know a prefix and a suffix, so the bucket notifies the resize function for everything under
 * PHOTO_KEY_PREFIX and the function itself must skip keys that are not originals. That check is not
 * optional: resized variants are written under the same prefix, and resizing them would loop.
 */
export const PHOTO_KEY_PREFIX = 'tenants/';
export const PHOTO_ORIGINALS_SEGMENT = '/photos/originals/';

/** True for a key the resize function should process. S3 event keys arrive URL-encoded: decode first. */
export function isPhotoOriginalKey(key: string): boolean {
  return key.startsWith(PHOTO_KEY_PREFIX) && key.includes(PHOTO_ORIGINALS_SEGMENT);
}

/** CloudFront sends this path prefix to the streaming function URL instead of the HTTP API. */
export const STREAM_PATH_PATTERN = '/api/events/*';
