import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, nowIso, tableName } from '../lib/db.js';
import { notFound } from '../lib/errors.js';
import { hashToken, newSecretToken } from '../lib/secure-token.js';
import { keys, type TenantId } from '../lib/keys.js';
import { SERVICE_ROWS } from './model.js';
import { getServiceRow } from './store.js';

/**
 * The share link's token: 256 random bits. The platform pointer row is keyed by its SHA-256, so the
 * public lookup never lists working tokens; the token itself stays on the tenant's service row,
 * because the staff screen shows the link again (R-SVC-5).
 */
export async function ensureShareToken(
  tenant: TenantId,
  id: string,
): Promise<{ shareToken: string; created: boolean }> {
  const prev = await getServiceRow(tenant, id, true, false);
  if (!prev) throw notFound('Service not found');
  if (prev.shareToken) return { shareToken: prev.shareToken, created: false };
  const token = newSecretToken();
  const now = nowIso();
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.entity(tenant, SERVICE_ROWS.service, id),
              UpdateExpression: 'SET shareToken = :t, updatedAt = :now, version = version + :one',
              ConditionExpression:
                'attribute_exists(pk) AND (attribute_not_exists(shareToken) OR attribute_type(shareToken, :nullType))',
              ExpressionAttributeValues: { ':t': token, ':now': now, ':one': 1, ':nullType': 'NULL' },
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: { ...keys.shareToken(hashToken(token)), tenantId: tenant, serviceId: id, createdAt: now },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
    return { shareToken: token, created: true };
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    // Someone generated it a moment earlier: theirs is the link.
    const again = await getServiceRow(tenant, id, true, false);
    if (again?.shareToken) return { shareToken: again.shareToken, created: false };
    throw notFound('Service not found');
  }
}
