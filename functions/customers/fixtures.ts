import { randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';
import { customerSearchPuts } from './search-index.js';

/**
 * Test data: a customer as the booking transaction writes it (row, list and name index keys, search
 * rows, the counter), optionally with reservations of the shape reservations write. Tests only.
 */
export interface SeedCustomer {
  firstName: string;
  lastName: string;
  phone: string;
  email?: string | null;
  address?: string | null;
  createdAt?: string;
}

export async function seedCustomer(tenant: TenantId, c: SeedCustomer, reservations: Record<string, unknown>[] = []) {
  const id = randomUUID();
  const createdAt = c.createdAt ?? new Date().toISOString();
  const T = tableName();
  const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
    {
      Put: {
        TableName: T,
        Item: {
          ...keys.entity(tenant, 'CUSTOMER', id),
          gsi1pk: keys.tenantIndex(tenant, 'CUSTOMERS'), gsi1sk: `${createdAt}#${id}`,
          gsi2pk: keys.tenantIndex(tenant, 'CUSTSEARCH'), gsi2sk: `${`${c.lastName} ${c.firstName}`.toLowerCase()}#${id}`,
          id, firstName: c.firstName, lastName: c.lastName, phone: c.phone, email: c.email ?? null, address: c.address ?? null,
          reservationCount: reservations.length, source: 'STAFF', createdAt, updatedAt: createdAt,
        },
      },
    },
    ...customerSearchPuts(tenant, { id, firstName: c.firstName, lastName: c.lastName, phone: c.phone, email: c.email }),
    { Update: { TableName: T, Key: keys.entity(tenant, 'STATS', 'customers'), UpdateExpression: 'ADD #t :one', ExpressionAttributeNames: { '#t': 'total' }, ExpressionAttributeValues: { ':one': 1 } } },
    ...reservations.map((r) => {
      const rid = (r.id as string) ?? randomUUID();
      const start = (r.startTime as string) ?? createdAt;
      return { Put: { TableName: T, Item: { ...keys.entity(tenant, 'RESERVATION', rid), gsi2pk: keys.tenantIndex(tenant, `CUSTRES#${id}`), gsi2sk: `${start}#${rid}`, id: rid, customerId: id, startTime: start, ...r } } };
    }),
  ];
  await db().send(new TransactWriteCommand({ TransactItems: items }));
  return { id, ...c, createdAt };
}
