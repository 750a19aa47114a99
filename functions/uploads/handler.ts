import { PHOTO_MAX_BYTES, PHOTO_MESSAGES } from '../../shared/domain/photos.js';
import { isSingleLine } from '../../shared/domain/text.js';
import { ApiError, badRequest, notFound, payloadTooLarge } from '../lib/errors.js';
import { putObject, presignPost, sniffImageType } from '../lib/files.js';
import { createAreaHandler, reply } from '../lib/pipeline.js';
import { multipart } from '../lib/middlewares/multipart.js';
import { getPhoto, newBaseKey, recordPhoto, removePhoto, uploadAnswer } from './photos.js';

/** The multipart route's ceiling: the pipeline's busboy limit, under Lambda's 6 MB request limit. */
export const MULTIPART_MAX_BYTES = 4 * 1024 * 1024;

interface MultipartFile {
  filename?: string;
  mimetype?: string;
  truncated?: boolean;
  content?: Buffer;
}

/** Lambda entry of the uploads area: service photos (multipart for small files, presigned POST up to 10 MB). */
export const handler = createAreaHandler(
  'uploads',
  {
    'uploads.uploadServicePhoto': async ({ tenant, auth, event }) => {
      const form = (typeof event.body === 'object' && event.body ? event.body : {}) as Record<string, unknown>;
      const file = (Array.isArray(form.photo) ? form.photo[0] : form.photo) as MultipartFile | undefined;
      if (!file || typeof file !== 'object' || !file.content) throw badRequest(PHOTO_MESSAGES.notImage);
      if (file.truncated || file.content.length > MULTIPART_MAX_BYTES) {
        throw new ApiError(
          413,
          'PayloadTooLarge',
          `This upload route takes photos up to ${MULTIPART_MAX_BYTES / (1024 * 1024)} MB. Larger photos (up to 10MB) are uploaded directly to storage: request POST /api/uploads/service-photo/presign.`,
          undefined,
          { maxBytes: MULTIPART_MAX_BYTES },
        );
      }
      // The bytes decide, not the name or the declared type.
      const type = sniffImageType(file.content);
      if (!type) throw badRequest(PHOTO_MESSAGES.notImage);
      // As the presign body's serviceId (R-PLAT-12): one line, at most 128 characters; otherwise not kept.
      const serviceId =
        typeof form.serviceId === 'string' && form.serviceId.length <= 128 && isSingleLine(form.serviceId)
          ? form.serviceId
          : null;
      const baseKey = newBaseKey();
      const { originalKey, incomingKey } = await recordPhoto(tenant, {
        baseKey,
        contentType: type,
        status: 'UPLOADED',
        serviceId,
        userId: auth.userId,
      });
      // Through incoming/ like a form upload: resize is the one writer of accepted photos.
      await putObject(incomingKey, file.content, type);
      return reply(201, await uploadAnswer(tenant, baseKey, originalKey));
    },

    'uploads.presignServicePhoto': async ({ tenant, auth, body }) => {
      if (body.size > PHOTO_MAX_BYTES) throw payloadTooLarge(PHOTO_MESSAGES.tooLarge);
      const baseKey = newBaseKey();
      const { originalKey, incomingKey } = await recordPhoto(tenant, {
        baseKey,
        contentType: body.contentType,
        status: 'PENDING',
        serviceId: body.serviceId,
        userId: auth.userId,
      });
      const upload = await presignPost(incomingKey, { contentType: body.contentType, maxBytes: PHOTO_MAX_BYTES });
      return reply(201, { ...(await uploadAnswer(tenant, baseKey, originalKey)), upload, maxBytes: PHOTO_MAX_BYTES });
    },

    'uploads.deleteServicePhoto': async ({ tenant, params }) => {
      const photo = await getPhoto(tenant, params.baseKey);
      if (!photo) throw notFound('Photo not found');
      await removePhoto(tenant, params.baseKey, photo);
      return { success: true, message: 'Photo removed' };
    },
  },
  { parsers: [multipart({ fileSize: MULTIPART_MAX_BYTES })] },
);
