import { api } from '../../../api/client.js';
import { postToPresignedUrl } from '../../../api/upload.js';
import { PHOTO_MESSAGES } from '../../../../../shared/domain/photos.js';
import type { EmployeeDetail } from './types.js';

/**
 * The picture goes the service photos' way (docs/decisions/0227-employees-picture-upload.md): straight to S3 with a
 * presigned POST, then the record takes it once the server has checked and resized it.
 */
export async function uploadPicture(id: string, file: File, idempotencyKey: string): Promise<EmployeeDetail> {
  const p = await api('users.presignPicture', {
    params: { id },
    body: { contentType: file.type, size: file.size },
    idempotencyKey,
  });
  try {
    await postToPresignedUrl(p.upload, file);
  } catch {
    throw new Error(PHOTO_MESSAGES.uploadFailed);
  }
  return (await api('users.setPicture', { params: { id }, body: { baseKey: p.baseKey } })).employee;
}
