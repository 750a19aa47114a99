/**
 * The service row (R-SVC-1): its schema, reads, create and update. The staff's answer is service-view.ts,
 * the body's fields service-fields.ts, the delete service-delete.ts, the share link share-link.ts.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from '../../shared/zod.js';
import {
  addonView,
  hostView,
  paymentSettingsView,
  pricingTierView,
  privacySettingsView,
  questionnaireView,
  reminderSettingsView,
  rsvpSettingsView,
  waitlistSettingsView,
  serviceSlotView,
  ticketTypeView,
} from '../../shared/contract/responses.js';
import { db, queryPages, tableName } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';
import { optionalText, type RowParser, rowParser } from '../lib/rows.js';
import { SERVICE_ROWS, type ServiceRow } from './model.js';
import { placesLeft, readTaken, type SlotCount, slotCount, slotTag } from './slot-rows.js';

/**
 * A service row as `createService` / `updateService` write it (every attribute, nulls included); the
 * object fields are stored as maps and lists with the contract's shapes. Here rather than in model.ts,
 * which payments and the sweeps import for its key prefixes alone: they need not carry these schemas.
 */
const serviceRow = z.object({
  id: z.string(),
  name: z.string(),
  description: optionalText(),
  location: optionalText(),
  photoBaseKey: optionalText(),
  photoKey: optionalText(),
  rate: z.number(),
  rateType: z.string(),
  availability: z.array(serviceSlotView),
  showPaymentOptions: z.boolean(),
  notes: optionalText(),
  paymentSettings: paymentSettingsView,
  paymentNote: optionalText(),
  hosts: z.array(hostView),
  rsvpSettings: rsvpSettingsView,
  questionnaire: questionnaireView,
  privacySettings: privacySettingsView,
  reminderSettings: reminderSettingsView,
  waitlistSettings: z.optional(z.nullable(waitlistSettingsView)),
  enableTieredPricing: z.boolean(),
  pricingTiers: z.array(pricingTierView),
  enableAddons: z.boolean(),
  addons: z.array(addonView),
  ticketTypes: z.optional(z.array(ticketTypeView)),
  shareToken: optionalText(),
  isActive: z.boolean(),
  timeZone: optionalText(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const parseServiceRow: RowParser<ServiceRow> = rowParser('service', serviceRow);

/**
 * The service with each slot's places left: its row and, unless `counts` is false, its slot rows
 * (services/slot-rows.ts, read beside it). Without them `slotsAvailable` is the stored count.
 */
export async function getServiceRow(
  tenant: TenantId,
  id: string,
  consistent = false,
  counts = true,
): Promise<ServiceRow | null> {
  const [res, taken] = await Promise.all([
    db().send(
      new GetCommand({
        TableName: tableName(),
        Key: keys.entity(tenant, SERVICE_ROWS.service, id),
        ConsistentRead: consistent,
      }),
    ),
    counts ? readTaken(tenant, id, consistent) : null,
  ]);
  const row = res.Item ? parseServiceRow(res.Item) : null;
  return row && taken ? withCounts(row, (tag) => taken.get(tag)) : row;
}

/** A service row just written, with its slot rows' counts (what staff are answered). */
export async function withSlotRows(tenant: TenantId, row: ServiceRow): Promise<ServiceRow> {
  const taken = await readTaken(tenant, row.id, true);
  return withCounts(row, (tag) => taken.get(tag));
}

/** The places left of every slot by its slot row's `taken` (R-BOOK-5), with the parts kept in `counts`. */
function withCounts(row: ServiceRow, takenOf: (tag: string) => number | undefined): ServiceRow {
  const counts: Record<string, SlotCount> = {};
  const availability = row.availability.map((s) => {
    const c = slotCount(s, takenOf(slotTag(s)));
    counts[slotTag(s)] = c;
    return { ...s, slotsAvailable: placesLeft(c) };
  });
  return { ...row, availability, counts };
}

export async function listServiceRows(tenant: TenantId): Promise<ServiceRow[]> {
  const out: ServiceRow[] = [];
  const rows = async () => {
    for await (const items of queryPages({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': keys.tenantPartition(tenant), ':p': `${SERVICE_ROWS.service}#` },
    })) {
      for (const i of items) out.push(parseServiceRow(i));
    }
  };
  const [, all] = await Promise.all([rows(), readTaken(tenant, null, false)]);
  return out
    .map((r) => withCounts(r, (tag) => all.get(`${r.id}#${tag}`)))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}
