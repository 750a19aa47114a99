import { servicesApi } from './api/index.js';
import { postToPresignedUrl } from '../../api/upload.js';
import { PHOTO_CONTENT_TYPES, PHOTO_MAX_BYTES, PHOTO_MESSAGES } from '../../../../shared/contract/routes/services.js';

/** R-SVC-3 checks, in the browser, before anything is sent. */
export function photoProblem(file: File): string | null {
  if (!(PHOTO_CONTENT_TYPES as readonly string[]).includes(file.type)) return PHOTO_MESSAGES.notImage;
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_MESSAGES.tooLarge;
  return null;
}

/**
 * Straight to S3 with a presigned POST (the API cannot carry 10 MB, see docs/decisions/booking-two-upload-paths-because-of-lambda.md); the
 * resize step writes the variants a moment later. Resolves with the photo's base key.
 */
export async function uploadServicePhoto(
  file: File,
  serviceId: string | undefined,
  idempotencyKey: string,
): Promise<string> {
  const p = await servicesApi.presignPhoto(
    { contentType: file.type, size: file.size, fileName: file.name, serviceId: serviceId ?? null },
    idempotencyKey,
  );
  try {
    await postToPresignedUrl(p.upload, file);
  } catch {
    throw new Error(PHOTO_MESSAGES.uploadFailed);
  }
  return p.baseKey;
}
