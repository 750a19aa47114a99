import { randomUUID } from 'node:crypto';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchPutAll, db, tableName } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';
import { customerSearchPuts } from './search-index.js';

/**
 * Test data: a customer as the booking transaction writes it (row, list and name index keys, search
 * rows, the counter), optionally with reservations of the shape reservations write (the required
 * attributes defaulted, the rest as given). Tests and bench only.
 */
export interface SeedCustomer {
  firstName: string;
  lastName: string;
  phone: string;
  email?: string | null;
  address?: string | null;
  createdAt?: string;
}

/** The rows of one customer as the booking transaction writes them (customer, search rows), plus its reservations. */
function customerRows(
  tenant: TenantId,
  c: SeedCustomer & { id?: string },
  reservations: Record<string, unknown>[] = [],
) {
  const id = c.id ?? randomUUID();
  const createdAt = c.createdAt ?? new Date().toISOString();
  const rows: Record<string, unknown>[] = [
    {
      ...keys.entity(tenant, 'CUSTOMER', id),
      gsi1pk: keys.tenantIndex(tenant, 'CUSTOMERS'),
      gsi1sk: `${createdAt}#${id}`,
      gsi2pk: keys.tenantIndex(tenant, 'CUSTSEARCH'),
      gsi2sk: `${`${c.lastName} ${c.firstName}`.toLowerCase()}#${id}`,
      id,
      firstName: c.firstName,
      lastName: c.lastName,
      phone: c.phone,
      email: c.email ?? null,
      address: c.address ?? null,
      reservationCount: reservations.length,
      source: 'STAFF',
      createdAt,
      updatedAt: createdAt,
    },
    ...customerSearchPuts(tenant, {
      id,
      firstName: c.firstName,
      lastName: c.lastName,
      phone: c.phone,
      email: c.email,
    }).map((p) => p.Put.Item),
    ...reservations.map((r) => {
      const rid = (r.id as string) ?? randomUUID();
      const start = (r.startTime as string) ?? createdAt;
      const hours = (r.reservationDuration as number) ?? 1;
      return {
        ...keys.entity(tenant, 'RESERVATION', rid),
        gsi2pk: keys.tenantIndex(tenant, `CUSTRES#${id}`),
        gsi2sk: `${start}#${rid}`,
        id: rid,
        reservationNumber: `RES-${rid.slice(0, 6)}`,
        kind: 'ITEM',
        status: 'ACTIVE',
        source: 'STAFF',
        customerId: id,
        customer: { id, firstName: c.firstName, lastName: c.lastName, phone: c.phone, email: c.email ?? null },
        startTime: start,
        endTime: new Date(Date.parse(start) + hours * 3600_000).toISOString(),
        reservationDuration: hours,
        createdAt,
        updatedAt: createdAt,
        ...r,
      };
    }),
  ];
  return { id, createdAt, rows };
}

export async function seedCustomer(tenant: TenantId, c: SeedCustomer, reservations: Record<string, unknown>[] = []) {
  const table = tableName();
  const { id, createdAt, rows } = customerRows(tenant, c, reservations);
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        ...rows.map((Item) => ({ Put: { TableName: table, Item } })),
        {
          Update: {
            TableName: table,
            Key: keys.entity(tenant, 'STATS', 'customers'),
            UpdateExpression: 'ADD #t :one',
            ExpressionAttributeNames: { '#t': 'total' },
            ExpressionAttributeValues: { ':one': 1 },
          },
        },
      ],
    }),
  );
  return { id, ...c, createdAt };
}

/** Many customers fast (bench): batch puts of the same rows, then the counter set once. */
export async function seedManyCustomers(tenant: TenantId, list: SeedCustomer[]): Promise<void> {
  const table = tableName();
  // Several batches in flight: DynamoDB Local on disk is latency-bound, not busy.
  await batchPutAll(list.flatMap((c) => customerRows(tenant, c).rows));
  await db().send(
    new UpdateCommand({
      TableName: table,
      Key: keys.entity(tenant, 'STATS', 'customers'),
      UpdateExpression: 'ADD #t :n',
      ExpressionAttributeNames: { '#t': 'total' },
      ExpressionAttributeValues: { ':n': list.length },
    }),
  );
}
