import type { ReservationKind } from '../../shared/contract/reservation-models.js';
import { queryPages, tableName } from '../lib/db.js';
import type { TenantId } from '../lib/keys.js';
import { listIndex } from '../reservation-rows/entity.js';

type Row = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const strOrNull = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/**
 * What a calendar feed shows of a booking: no phone, e-mail, notes or money
 * (docs/decisions/0230-calendar-feeds.md).
 */
export interface CalendarBooking {
  id: string;
  reservationNumber: string;
  kind: ReservationKind;
  startTime: string;
  endTime: string;
  /** The item's or the service's name as booked. */
  what: string;
  customerFirstName: string;
  customerLastName: string;
  updatedAt: string | null;
}

/**
 * The ACTIVE reservations of one kind starting in [from, to] (ISO instants), by key: the list index's
 * `RES#{kind}#ACTIVE` partition, range on its start-time sort key, narrowed to one service or item by a
 * filter, projected to the fields a feed shows. Cancelled, completed and deleted ones are not in that
 * partition. Stops after `max` rows (a feed's size bound).
 */
export async function activeBookingsStarting(
  tenant: TenantId,
  kind: ReservationKind,
  range: { from: string; to: string },
  only: { serviceId?: string; inventoryItemId?: string } = {},
  max = 5000,
): Promise<CalendarBooking[]> {
  const names: Record<string, string> = {
    '#id': 'id',
    '#num': 'reservationNumber',
    '#s': 'startTime',
    '#e': 'endTime',
    '#c': 'customer',
    '#fn': 'firstName',
    '#ln': 'lastName',
    '#it': 'inventoryItem',
    '#sv': 'service',
    '#nm': 'name',
    '#u': 'updatedAt',
    '#d': 'deletedAt',
  };
  const values: Record<string, unknown> = {
    ':pk': listIndex(tenant, kind, 'ACTIVE'),
    ':from': range.from,
    ':to': `${range.to}\uffff`,
  };
  let filter: string | undefined;
  if (only.serviceId) {
    names['#svc'] = 'serviceId';
    values[':only'] = only.serviceId;
    filter = '#svc = :only';
  } else if (only.inventoryItemId) {
    names['#item'] = 'inventoryItemId';
    values[':only'] = only.inventoryItemId;
    filter = '#item = :only';
  }
  const out: CalendarBooking[] = [];
  for await (const items of queryPages({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
    ...(filter ? { FilterExpression: filter } : {}),
    ProjectionExpression: '#id, #num, #s, #e, #c.#fn, #c.#ln, #it.#nm, #sv.#nm, #u, #d',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  })) {
    for (const i of items) {
      if (i.deletedAt) continue;
      const c = (i.customer ?? {}) as Row;
      const named = (v: unknown) => (v && typeof v === 'object' ? str((v as Row).name) : '');
      out.push({
        id: str(i.id),
        reservationNumber: str(i.reservationNumber),
        kind,
        startTime: str(i.startTime),
        endTime: str(i.endTime),
        what: kind === 'SERVICE' ? named(i.service) : named(i.inventoryItem),
        customerFirstName: str(c.firstName),
        customerLastName: str(c.lastName),
        updatedAt: strOrNull(i.updatedAt),
      });
    }
    if (out.length >= max) break;
  }
  return out.slice(0, max);
}
