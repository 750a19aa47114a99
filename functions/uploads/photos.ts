import { randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { PHOTO_MAX_BYTES } from '../../shared/domain/photos.js';
import * as z from '../../shared/zod.js';
import { photoUrlsJson } from '../../shared/contract/responses.js';
import { db, isConditionFailure, nowIso, tableName } from '../lib/db.js';
import {
  deleteObjects,
  EXT_FOR_TYPE,
  incomingKeys,
  photoKeys,
  presignGet,
  PHOTO_VARIANTS,
  type PhotoVariant,
} from '../lib/files.js';
import { keys, type TenantId } from '../lib/keys.js';

/** Photo rows: `T#{org}` / `PHOTO#{baseKey}`; status PENDING (upload promised) → UPLOADED → READY or REJECTED. */
const PHOTO_ENTITY = 'PHOTO';
type PhotoStatus = 'PENDING' | 'UPLOADED' | 'READY' | 'REJECTED';

/** 128 random bits: a photo's name in S3 says nothing and cannot be guessed. */
export const newBaseKey = () => randomBytes(16).toString('base64url');

/** A promised upload that never arrives is forgotten after a day (TTL). */
const PENDING_TTL_SECONDS = 24 * 3600;

/** Where the upload lands (a form or the multipart route) until resize accepts it: never the original's key. */
const photoIncomingKey = (tenant: TenantId, baseKey: string, contentType: string) =>
  incomingKeys.photo(tenant, baseKey, EXT_FOR_TYPE[contentType] ?? 'bin');

/** The photo row; answers the key the upload goes to and the key resize writes the accepted original to. */
export async function recordPhoto(
  tenant: TenantId,
  p: {
    baseKey: string;
    contentType: string;
    status: PhotoStatus;
    serviceId?: string | null;
    userId: string;
    /** The employee whose picture this is (functions/users/picture.ts): only that employee's record may take it. */
    employeeId?: string;
  },
): Promise<{ originalKey: string; incomingKey: string }> {
  const originalKey = photoKeys.original(tenant, p.baseKey, EXT_FOR_TYPE[p.contentType] ?? 'bin');
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.entity(tenant, PHOTO_ENTITY, p.baseKey),
        baseKey: p.baseKey,
        originalKey,
        contentType: p.contentType,
        status: p.status,
        serviceId: p.serviceId ?? null,
        ...(p.employeeId ? { employeeId: p.employeeId } : {}),
        uploadedBy: p.userId,
        createdAt: nowIso(),
        maxBytes: PHOTO_MAX_BYTES,
        ...(p.status === 'PENDING' ? { expiresAt: Math.floor(Date.now() / 1000) + PENDING_TTL_SECONDS } : {}),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return { originalKey, incomingKey: photoIncomingKey(tenant, p.baseKey, p.contentType) };
}

export async function getPhoto(tenant: TenantId, baseKey: string) {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.entity(tenant, PHOTO_ENTITY, baseKey), ConsistentRead: true }),
  );
  return res.Item as
    | {
        baseKey: string;
        originalKey: string;
        status: PhotoStatus;
        contentType: string;
        employeeId?: string;
        reason?: string;
      }
    | undefined;
}

/** Resize outcome; a row deleted meanwhile (photo removed during resizing) reports false. */
export async function setPhotoStatus(
  tenant: TenantId,
  baseKey: string,
  status: PhotoStatus,
  extra: Record<string, unknown> = {},
): Promise<boolean> {
  const names: Record<string, string> = { '#s': 'status' };
  const values: Record<string, unknown> = { ':s': status, ':now': nowIso() };
  let set = '#s = :s, updatedAt = :now';
  for (const [k, v] of Object.entries(extra)) {
    names[`#${k}`] = k;
    values[`:${k}`] = v;
    set += `, #${k} = :${k}`;
  }
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.entity(tenant, PHOTO_ENTITY, baseKey),
        UpdateExpression: `SET ${set} REMOVE expiresAt`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

export async function removePhoto(
  tenant: TenantId,
  baseKey: string,
  photo: { originalKey: string; contentType: string },
): Promise<void> {
  await deleteObjects([
    photo.originalKey,
    photoIncomingKey(tenant, baseKey, photo.contentType),
    ...PHOTO_VARIANTS.map((v) => photoKeys.variant(tenant, v, baseKey)),
  ]);
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.entity(tenant, PHOTO_ENTITY, baseKey) }));
}

/** What the upload answer carries (R-SVC-4: urls with a medium URL, and the baseKey). */
export async function uploadAnswer(tenant: TenantId, baseKey: string, originalKey: string) {
  const variant = (v: PhotoVariant) => presignGet(photoKeys.variant(tenant, v, baseKey));
  const [medium, large, original] = await Promise.all([variant('medium'), variant('large'), presignGet(originalKey)]);
  const urls = { original, medium, large };
  return { success: true, baseKey, urls, photoUrls: z.encode(photoUrlsJson, urls), photo: medium };
}
