import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_TIME_ZONE, isValidTimeZone } from '../../shared/domain/time.js';
import { db, tableName } from './db.js';
import { keys, type TenantId } from './keys.js';

/**
 * The organization's IANA time zone (the organization row's `timeZone`, recorded at sign-up from
 * the browser; America/New_York when absent or unknown). "Today", day boundaries, tier validity,
 * overdue and report ranges are computed in it (shared/domain/time.ts).
 *
 * A warm function keeps each tenant's answer for CACHE_MS: a zone changes rarely, and a stale zone
 * for a minute is harmless next to one GetItem per request.
 */
const CACHE_MS = 60_000;
const cache = new Map<string, { zone: string; at: number }>();

export async function organizationTimeZone(tenant: TenantId, now = Date.now()): Promise<string> {
  const hit = cache.get(tenant);
  if (hit && now - hit.at < CACHE_MS) return hit.zone;
  const res = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.organization(tenant),
      ProjectionExpression: '#tz',
      ExpressionAttributeNames: { '#tz': 'timeZone' },
    }),
  );
  const stored = res.Item?.timeZone;
  const zone = isValidTimeZone(stored) ? stored : DEFAULT_TIME_ZONE;
  if (cache.size > 5000) cache.clear();
  cache.set(tenant, { zone, at: now });
  return zone;
}

/** Tests and a zone change in this process: forget the cached answers. */
export function forgetOrganizationTimeZones(): void {
  cache.clear();
}
