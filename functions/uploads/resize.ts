import type { Context, S3Event } from 'aws-lambda';
import sharp from 'sharp';
import { PHOTO_MAX_BYTES } from '../../shared/domain/photos.js';
import {
  deleteObjects,
  getObjectBytes,
  headObject,
  parseIncomingPhotoKey,
  photoKeys,
  putObject,
  sniffImageType,
  type PhotoVariant,
} from '../lib/files.js';
import { trustedTenant } from '../lib/keys.js';
import { logger, withJobContext } from '../lib/logger.js';
import { getPhoto, setPhotoStatus } from './photos.js';

/** Longest side of each variant; WebP at quality 80. */
const VARIANT_SIZES: Record<PhotoVariant, number> = { medium: 800, large: 1600 };

type ResizeOutcome = { key: string; result: 'resized' | 'rejected' | 'skipped'; reason?: string };

/**
 * Started by S3 ObjectCreated under incoming/photos/ (locally by s3rver's event): uploads land
 * there, never on a key readers use (functions/lib/files.ts, incomingKeys). This is the accept step:
 * a file that is too big or whose bytes are not an image is deleted and its photo row marked
 * REJECTED, whatever its name or declared content type said (the presigned POST trusts the browser's
 * type; S3 enforces only the size); an image becomes the original (written from the bytes checked
 * here, so nothing posted meanwhile slips in) and its variants. Only a photo still awaiting its
 * upload is accepted: a used form posted again after that lands in incoming/ and is dropped, the
 * accepted photo untouched.
 * Logged like the sweeps (withJobContext): Lambda context, `job: resize-photo`, the record's tenant
 * and key, and the keys reset after the invocation.
 */
export function handler(event: S3Event, context?: Context): Promise<ResizeOutcome[]> {
  return withJobContext('resize-photo', context, () => resizeAll(event));
}

async function resizeAll(event: S3Event): Promise<ResizeOutcome[]> {
  const out: ResizeOutcome[] = [];
  for (const record of event.Records ?? []) {
    const key = decodeURIComponent((record.s3?.object?.key ?? '').replace(/\+/g, ' '));
    const parts = parseIncomingPhotoKey(key);
    if (!parts) {
      out.push({ key, result: 'skipped' });
      continue;
    }
    const tenant = trustedTenant(parts.tenant);
    logger.appendKeys({ tenant: parts.tenant, key });
    const photo = await getPhoto(tenant, parts.baseKey);
    if (photo?.status !== 'PENDING' && photo?.status !== 'UPLOADED') {
      await deleteObjects([key]);
      logger.warn('upload not awaited: dropped', { key, status: photo?.status ?? 'no photo' });
      out.push({ key, result: 'skipped', reason: 'not awaited' });
      continue;
    }
    const reject = async (reason: string) => {
      await deleteObjects([key]);
      await setPhotoStatus(tenant, parts.baseKey, 'REJECTED', { reason });
      logger.warn('photo rejected', { key, reason });
      out.push({ key, result: 'rejected', reason });
    };

    const head = await headObject(key);
    if (!head) {
      out.push({ key, result: 'skipped', reason: 'gone' });
      continue;
    }
    if (head.size > PHOTO_MAX_BYTES) {
      await reject('too large');
      continue;
    }
    const bytes = await getObjectBytes(key);
    const type = sniffImageType(bytes);
    if (!type) {
      await reject('not an image');
      continue;
    }
    let variants: [PhotoVariant, Buffer][];
    try {
      variants = await Promise.all(
        (Object.entries(VARIANT_SIZES) as [PhotoVariant, number][]).map(
          async ([name, size]) =>
            [
              name,
              await sharp(bytes, { failOn: 'error' })
                .rotate()
                .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
                .webp({ quality: 80 })
                .toBuffer(),
            ] as [PhotoVariant, Buffer],
        ),
      );
    } catch (e) {
      logger.warn('photo unreadable', { key, error: e as Error });
      await reject('unreadable image');
      continue;
    }
    const variantKeys = variants.map(([name]) => photoKeys.variant(tenant, name, parts.baseKey));
    await Promise.all([
      putObject(photo.originalKey, bytes, type),
      ...variants.map(([name, buf]) =>
        putObject(photoKeys.variant(tenant, name, parts.baseKey), buf, 'image/webp', {
          cacheControl: 'private, max-age=86400',
        }),
      ),
    ]);
    const stillWanted = await setPhotoStatus(tenant, parts.baseKey, 'READY', { variants: variantKeys });
    await deleteObjects([key]);
    if (!stillWanted) {
      // The photo was removed while it was being resized: leave nothing behind.
      await deleteObjects([photo.originalKey, ...variantKeys]);
      out.push({ key, result: 'skipped', reason: 'removed' });
      continue;
    }
    out.push({ key, result: 'resized' });
  }
  return out;
}
