import { api } from '../../../api/client.js';
import { postToPresignedUrl } from '../../../api/upload.js';
import type { EmployeeDocument } from './types.js';

/** Straight to S3 with a presigned POST (files up to 10 MB), then the server checks the bytes. */
export async function uploadDocument(
  id: string,
  name: string,
  file: File,
  idempotencyKey: string,
): Promise<EmployeeDocument> {
  const p = await api('users.presignDocument', {
    params: { id },
    body: { name, fileName: file.name, fileSize: file.size },
    idempotencyKey,
  });
  await postToPresignedUrl(p.upload, file);
  return (await api('users.completeDocument', { params: { id, docId: p.document.id } })).document;
}
