import { api, type BodyOf } from '../../../api/client.js';

/**
 * A presigned upload for a service photo. Composed by uploadServicePhoto (../photoUpload.ts) with the
 * upload itself; the form's Save sends the photo's key, so nothing is revalidated here.
 */
export const presignServicePhoto = (body: BodyOf<'uploads.presignServicePhoto'>, idempotencyKey: string) =>
  api('uploads.presignServicePhoto', { body, idempotencyKey });
