/**
 * Calendar feed rows (docs/requirements/settings.md R-SET-8, docs/decisions/0230-calendar-feeds.md):
 * - `T#{org}` / `CALFEED#{id}`: the feed (name, scope, target, creator, `tokenHash`);
 * - `CALFEEDTOKEN#{sha256(token)}` / `CALFEEDTOKEN`: the platform pointer the public feed reads by key
 *   (tenant, feed, scope, target, creator), put and deleted in the same transaction as the feed row;
 * - `T#{org}` / `CALFEEDLOG#{at}#{uuid}`: who created or revoked which feed (a leaked address is a
 *   data leak: the log says whose it was and when it stopped).
 * The token itself is answered once and never stored.
 */
import * as z from '../../shared/zod.js';
import { CALENDAR_FEED_SCOPES } from '../../shared/contract/calendar-feed-models.js';
import { keys, type Key, type TenantId } from '../lib/keys.js';
import { rowParser } from '../lib/rows.js';

export const FEED = 'CALFEED';
export const LOG = 'CALFEEDLOG';
export const feedKey = (tenant: TenantId, id: string): Key => keys.entity(tenant, FEED, id);
export const pointerKey = (tokenHash: string): Key => ({ pk: `CALFEEDTOKEN#${tokenHash}`, sk: 'CALFEEDTOKEN' });

const feedRow = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(CALENDAR_FEED_SCOPES),
  serviceId: z._default(z.nullable(z.string()), null),
  inventoryItemId: z._default(z.nullable(z.string()), null),
  targetName: z._default(z.nullable(z.string()), null),
  createdAt: z.string(),
  createdBy: z.object({ id: z.string(), name: z.string() }),
  tokenHash: z.string(),
});
export type FeedRow = z.output<typeof feedRow>;
export const parseFeedRow = rowParser('calendar feed', feedRow);
const pointerRow = z.object({
  tenantId: z.string(),
  feedId: z.string(),
  name: z.string(),
  scope: z.enum(CALENDAR_FEED_SCOPES),
  serviceId: z._default(z.nullable(z.string()), null),
  inventoryItemId: z._default(z.nullable(z.string()), null),
  createdById: z.string(),
});
export const parsePointerRow = rowParser('calendar feed pointer', pointerRow);
