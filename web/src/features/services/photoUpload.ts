import { presignServicePhoto } from './api/index.js';
import { postToPresignedUrl } from '../../api/upload.js';
import { PHOTO_MESSAGES } from '../../../../shared/domain/photos.js';

/** R-SVC-3 checks, in the browser, before anything is sent: the one rule in shared/domain/photos.ts. */
export { photoProblem } from '../../../../shared/domain/photos.js';

/**
 * Straight to S3 with a presigned POST (the API cannot carry 10 MB, see docs/decisions/0036-booking-two-upload-paths-because-of-lambda.md); the
 * resize step writes the variants a moment later. Resolves with the photo's base key.
 */
export async function uploadServicePhoto(
  file: File,
  serviceId: string | undefined,
  idempotencyKey: string,
): Promise<string> {
  const p = await presignServicePhoto(
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
