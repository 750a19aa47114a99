/**
 * Bookings per employee (R-TS-5 Employee metrics): the reservations that person created, kept
 * on write by the reservations area in its counter row (`emp#{userId}#{STATUS}`, `emp#{userId}#total`,
 * `emp#{userId}#revenueCents`: functions/reservations/create.ts and lifecycle.ts `counters`).
 * Revenue is the final total (tax, overage and refunds included) of the completed ones.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../lib/db.js';
import type { TenantId } from '../lib/keys.js';
import { statsKey } from '../reservations/entity.js';

export interface BookingCounts {
  total: number;
  active: number;
  completed: number;
  cancelled: number;
  revenueCents: number;
}

export async function bookingCounterRow(tenant: TenantId): Promise<Record<string, unknown>> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: statsKey(tenant) }));
  return res.Item ?? {};
}

const n = (v: unknown) => Math.max(0, Number(v) || 0);
export function bookingsOf(row: Record<string, unknown>, userId: string): BookingCounts {
  const active = n(row[`emp#${userId}#ACTIVE`]);
  const completed = n(row[`emp#${userId}#COMPLETED`]);
  const cancelled = n(row[`emp#${userId}#CANCELLED`]);
  return {
    total: active + completed + cancelled,
    active,
    completed,
    cancelled,
    revenueCents: Math.round(Number(row[`emp#${userId}#revenueCents`]) || 0),
  };
}
