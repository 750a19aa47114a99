import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, nowIso, tableName } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';
// The domain's constants, not the contract's schemas: the public booking reads the hours too (R-BOOK-9).
import { DAY_TYPES, DEFAULT_HOURS, type DayType, type HoursRow } from '../../shared/domain/settings.js';
import type { SpecialHoursRow } from '../../shared/contract/settings-models.js';

/**
 * Opening hours (R-SET-3): weekly rows and dated special hours, one row per tenant under
 * `T#{tenant}` / `SETTINGS#HOURS`. Special hours are stored as a list; the API answers them as the
 * JSON string the spec shows (`special_hours`).
 */
const hoursKey = (tenant: TenantId) => keys.settings(tenant, 'HOURS');

export interface OpeningHours {
  hours: HoursRow[];
  specialHours: SpecialHoursRow[];
  /** False when nothing was saved yet and `hours` is the default row. */
  saved: boolean;
}

const isDayType = (v: unknown): v is DayType => typeof v === 'string' && (DAY_TYPES as readonly string[]).includes(v);

/** For the timesheets work: the tenant's opening hours; no saved row = the default Every day 09:00-17:00. */
export async function readOpeningHours(tenant: TenantId): Promise<OpeningHours> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: hoursKey(tenant) }));
  const item = res.Item;
  if (!item) return { hours: DEFAULT_HOURS.map((r) => ({ ...r })), specialHours: [], saved: false };
  const hours = (Array.isArray(item.hours) ? item.hours : []).filter((r: HoursRow) =>
    isDayType(r?.dayType),
  ) as HoursRow[];
  const specialHours = (Array.isArray(item.specialHours) ? item.specialHours : []) as SpecialHoursRow[];
  return { hours: hours.length ? hours : DEFAULT_HOURS.map((r) => ({ ...r })), specialHours, saved: true };
}

interface RowIn {
  id?: string | number;
  openTime?: string | null;
  closeTime?: string | null;
  isClosed: boolean;
}
function normalise<T extends RowIn>(r: T) {
  return {
    id: r.id === undefined || r.id === '' ? randomUUID() : String(r.id),
    openTime: r.isClosed ? '' : (r.openTime ?? ''),
    closeTime: r.isClosed ? '' : (r.closeTime ?? ''),
    isClosed: r.isClosed,
  };
}

export async function writeOpeningHours(
  tenant: TenantId,
  input: { hours: (RowIn & { dayType: DayType })[]; specialHours?: (RowIn & { date: string })[] },
  actorId: string,
): Promise<OpeningHours> {
  const current = input.specialHours === undefined ? (await readOpeningHours(tenant)).specialHours : undefined;
  const hours: HoursRow[] = input.hours.map((r) => ({ ...normalise(r), dayType: r.dayType }));
  const specialHours: SpecialHoursRow[] =
    current ??
    [...(input.specialHours ?? [])]
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((r) => ({ ...normalise(r), date: r.date }));
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...hoursKey(tenant),
        type: 'OPENING_HOURS',
        hours,
        specialHours,
        updatedAt: nowIso(),
        updatedBy: actorId,
      },
    }),
  );
  return { hours, specialHours, saved: true };
}
