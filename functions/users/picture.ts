import type * as z from '../../shared/zod.js';
import type { picturePresignBody } from '../../shared/contract/employee-models.js';
import { PHOTO_MAX_BYTES, PHOTO_MESSAGES } from '../../shared/domain/photos.js';
import { isConditionFailure, nowIso } from '../lib/db.js';
import { ApiError, badRequest, conflict, notFound, payloadTooLarge } from '../lib/errors.js';
import { presignPost } from '../lib/files.js';
import type { TenantId } from '../lib/keys.js';
import { logger } from '../lib/logger.js';
import type { AuthClaims } from '../lib/tokens.js';
import { getPhoto, newBaseKey, recordPhoto, removePhoto } from '../uploads/photos.js';
import { detailAnswer } from './employee-view.js';
import type { EmployeeRow } from './employee-row.js';
import { saveEmployee } from './store.js';

/**
 * Employee pictures go the service photos' way (docs/decisions/0227-employees-picture-upload.md): a
 * presigned POST under incoming/photos/, the resize step checks the bytes and writes the original and
 * the WebP variants, and only then does the user row take the picture's base key.
 */

/** How long setOp waits for the resize step: it runs within a second or two of the upload. */
export const PICTURE_WAIT_MS = 8_000;
const POLL_MS = 250;

export async function presignOp(
  tenant: TenantId,
  auth: AuthClaims,
  employeeId: string,
  body: z.output<typeof picturePresignBody>,
) {
  if (body.size > PHOTO_MAX_BYTES) throw payloadTooLarge(PHOTO_MESSAGES.tooLarge);
  const baseKey = newBaseKey();
  const { incomingKey } = await recordPhoto(tenant, {
    baseKey,
    contentType: body.contentType,
    status: 'PENDING',
    userId: auth.userId,
    employeeId,
  });
  const upload = await presignPost(incomingKey, { contentType: body.contentType, maxBytes: PHOTO_MAX_BYTES });
  return { baseKey, upload, maxBytes: PHOTO_MAX_BYTES };
}

/** The photo once resize has decided (READY or REJECTED), or as it stands when the wait is over. */
async function settledPhoto(tenant: TenantId, baseKey: string, waitMs: number) {
  const until = Date.now() + waitMs;
  for (;;) {
    const photo = await getPhoto(tenant, baseKey);
    if (!photo || photo.status === 'READY' || photo.status === 'REJECTED' || Date.now() >= until) return photo;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** Removes a picture's files and photo row; a failure is logged, never the request's (the row no longer names it). */
export async function dropPicture(tenant: TenantId, baseKey: string): Promise<void> {
  try {
    const photo = await getPhoto(tenant, baseKey);
    if (photo) await removePhoto(tenant, baseKey, photo);
  } catch (e) {
    logger.warn('employee picture not removed', { baseKey, error: e as Error });
  }
}

async function save(tenant: TenantId, before: EmployeeRow, baseKey: string | null) {
  const after: EmployeeRow = { ...before, profilePictureBaseKey: baseKey, updatedAt: nowIso() };
  try {
    await saveEmployee(tenant, before, after, []);
  } catch (e) {
    if (isConditionFailure(e)) throw conflict('This employee was changed meanwhile. Please reload and try again.');
    throw e;
  }
  if (before.profilePictureBaseKey && before.profilePictureBaseKey !== baseKey)
    await dropPicture(tenant, before.profilePictureBaseKey);
  return after;
}

/** PUT /api/users/{id}/picture: `before` is the row changeableEmployee allowed. */
export async function setOp(tenant: TenantId, before: EmployeeRow, baseKey: string, waitMs = PICTURE_WAIT_MS) {
  if (before.profilePictureBaseKey === baseKey)
    return { success: true as const, message: 'Picture updated', employee: await detailAnswer(tenant, before) };
  const photo = await settledPhoto(tenant, baseKey, waitMs);
  // A photo made for another employee (or a service) is not this one's: removing it later would remove theirs.
  if (!photo || photo.employeeId !== before.id) throw notFound('Picture not found. Please upload it again.');
  if (photo.status === 'REJECTED') {
    await dropPicture(tenant, baseKey);
    throw badRequest(photo.reason === 'too large' ? PHOTO_MESSAGES.tooLarge : PHOTO_MESSAGES.notImage);
  }
  if (photo.status !== 'READY')
    throw new ApiError(409, 'PictureNotReady', 'The picture is still being processed. Please try again in a moment.');
  const after = await save(tenant, before, baseKey);
  return { success: true as const, message: 'Picture updated', employee: await detailAnswer(tenant, after) };
}

/** DELETE /api/users/{id}/picture. */
export async function removeOp(tenant: TenantId, before: EmployeeRow) {
  const after = before.profilePictureBaseKey ? await save(tenant, before, null) : before;
  return { success: true as const, message: 'Picture removed', employee: await detailAnswer(tenant, after) };
}
