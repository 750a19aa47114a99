import { PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  DEFAULT_REMINDER_SETTINGS,
  normalizeOffsets,
  offsetsProblem,
  type ReminderSettings,
} from '../../shared/domain/reminders.js';
import { db, nowIso, tableName } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';
import { getRow } from '../lib/coalesced-get.js';

/**
 * The tenant's reminder defaults (R-SET-7): `T#{tenant}` / `SETTINGS#REMINDERS`. A missing row reads
 * as the defaults (on; 24 hours and 2 hours before; late-return reminder on; cut-off 1 hour; the
 * business told of online cancellations and no-shows, R-SET-13). Read
 * by the booking transactions (which reminders to schedule), the reminder sweep (still on at send
 * time?), the overdue sweep (late-return switch), the cancel link (cut-off) and the cancellation
 * mail (the business's switches, functions/reservations/cancellation-mail.ts).
 */
const remindersKey = (tenant: TenantId) => keys.settings(tenant, 'REMINDERS');

const offsets = (v: unknown, fallback: readonly number[]): number[] =>
  Array.isArray(v) && v.every((n) => typeof n === 'number') && !offsetsProblem(v as number[])
    ? normalizeOffsets(v as number[])
    : [...fallback];

export async function readReminderSettings(tenant: TenantId): Promise<ReminderSettings> {
  const i = await getRow(remindersKey(tenant));
  const d = DEFAULT_REMINDER_SETTINGS;
  if (!i)
    return { ...d, serviceBeforeMinutes: [...d.serviceBeforeMinutes], itemBeforeMinutes: [...d.itemBeforeMinutes] };
  return {
    enabled: typeof i.enabled === 'boolean' ? i.enabled : d.enabled,
    serviceBeforeMinutes: offsets(i.serviceBeforeMinutes, d.serviceBeforeMinutes),
    itemBeforeMinutes: offsets(i.itemBeforeMinutes, d.itemBeforeMinutes),
    lateReturnEnabled: typeof i.lateReturnEnabled === 'boolean' ? i.lateReturnEnabled : d.lateReturnEnabled,
    cancelCutoffHours: Number.isInteger(i.cancelCutoffHours) ? Number(i.cancelCutoffHours) : d.cancelCutoffHours,
    notifyCancellations: typeof i.notifyCancellations === 'boolean' ? i.notifyCancellations : d.notifyCancellations,
    notifyNoShows: typeof i.notifyNoShows === 'boolean' ? i.notifyNoShows : d.notifyNoShows,
  };
}

/**
 * Saves the defaults. They apply to reservations made (or restored) from now on; reminders already
 * scheduled keep their offsets, and the sweep still checks the on/off switches when it sends.
 * A business switch left out (a client older than R-SET-13) keeps its stored value.
 */
export async function writeReminderSettings(
  tenant: TenantId,
  value: Omit<ReminderSettings, 'notifyCancellations' | 'notifyNoShows'> &
    Partial<Pick<ReminderSettings, 'notifyCancellations' | 'notifyNoShows'>>,
  actorId: string,
): Promise<ReminderSettings> {
  const kept =
    value.notifyCancellations === undefined || value.notifyNoShows === undefined
      ? await readReminderSettings(tenant)
      : null;
  const clean: ReminderSettings = {
    enabled: value.enabled,
    serviceBeforeMinutes: normalizeOffsets(value.serviceBeforeMinutes),
    itemBeforeMinutes: normalizeOffsets(value.itemBeforeMinutes),
    lateReturnEnabled: value.lateReturnEnabled,
    cancelCutoffHours: value.cancelCutoffHours,
    notifyCancellations: value.notifyCancellations ?? kept?.notifyCancellations ?? true,
    notifyNoShows: value.notifyNoShows ?? kept?.notifyNoShows ?? true,
  };
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...remindersKey(tenant), type: 'REMINDER_SETTINGS', ...clean, updatedAt: nowIso(), updatedBy: actorId },
    }),
  );
  return clean;
}
