import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_TIME_ZONE, isValidTimeZone } from '../../shared/domain/time.js';
import { db, tableName } from './db.js';
import { keys, type TenantId } from './keys.js';
import { warmCache } from './warm-cache.js';

/**
 * The organization's IANA time zone (the organization row's `timeZone`, recorded at sign-up from
 * the browser; America/New_York when absent or unknown). "Today", day boundaries, tier validity,
 * overdue and report ranges are computed in it (shared/domain/time.ts).
 *
 * A warm function keeps each tenant's answer for a minute (lib/warm-cache.ts): a zone changes rarely, and a stale zone
 * for a minute is harmless next to one GetItem per request.
 */
const cache = warmCache<string>(60_000);

export function organizationTimeZone(tenant: TenantId, now = Date.now()): Promise<string> {
  return cache.get(tenant, () => readTimeZone(tenant), now);
}

async function readTimeZone(tenant: TenantId): Promise<string> {
  const res = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.organization(tenant),
      ProjectionExpression: '#tz',
      ExpressionAttributeNames: { '#tz': 'timeZone' },
    }),
  );
  const stored = res.Item?.timeZone;
  return isValidTimeZone(stored) ? stored : DEFAULT_TIME_ZONE;
}

/** Tests and a zone change in this process: forget the cached answers. */
export function forgetOrganizationTimeZones(): void {
  cache.clear();
}
