import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, nowIso } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';
import { rowParser, tenantRowsWithPrefix } from '../lib/rows.js';
import * as z from '../../shared/zod.js';
import { decryptField, encryptField } from './crypto.js';
import { type EmployeeRow, parseEmployeeRow, table, userKeys } from './employee-row.js';
import { userCountUpdate } from '../auth/user-stats.js';

/**
 * The users area's store (docs/data-model.md, "Employees"): the employee rows, read through their one
 * parse (./employee-row.ts), and the writes that change them. The invitation and setup link are in
 * ./setup-link.ts, job roles in ./job-roles.ts, documents' rows in ./document-rows.ts.
 */
export async function getEmployee(tenant: TenantId, id: string): Promise<EmployeeRow | undefined> {
  const res = await db().send(
    new GetCommand({ TableName: table(), Key: userKeys.user(tenant, id), ConsistentRead: true }),
  );
  const row = res.Item ? parseEmployeeRow(res.Item) : undefined;
  return row && row.status !== 'DELETED' ? row : undefined;
}

/**
 * Every user row of a tenant (tens of rows), deleted accounts' tombstones included: one Query of the
 * tenant partition's `USER#` range. For the platform's tenant page.
 */
export async function listUserRows(tenant: TenantId): Promise<EmployeeRow[]> {
  return tenantRowsWithPrefix(tenant, 'USER#', parseEmployeeRow);
}

const parseUserName = rowParser('user name', z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }));

/**
 * The names of every user row of a tenant, deleted accounts' tombstones included (they keep the
 * name for history): one projected Query. For the names activity logs join at read time.
 */
export async function userNames(tenant: TenantId): Promise<Map<string, { firstName: string; lastName: string }>> {
  const rows = await tenantRowsWithPrefix(tenant, 'USER#', parseUserName, { projection: 'id, firstName, lastName' });
  return new Map(rows.map(({ id, ...name }) => [id, name]));
}

/** The people of a tenant (deleted accounts left out), by name. */
export async function listEmployees(tenant: TenantId): Promise<EmployeeRow[]> {
  return (await listUserRows(tenant))
    .filter((r) => r.status !== 'DELETED')
    .sort((a, b) => `${a.lastName} ${a.firstName}`.localeCompare(`${b.lastName} ${b.firstName}`));
}

/** A log line of a change to wage, access level, role or sensitive fields, with the actor; part of the change's transaction. */
export function auditPut(
  tenant: TenantId,
  entry: {
    action: string;
    userId: string;
    actorUserId: string;
    actorName: string;
    changes: { field: string; from?: unknown; to?: unknown }[];
  },
) {
  return { Put: { TableName: table(), Item: { ...userKeys.log(tenant), ...entry, createdAt: nowIso() } } };
}

/** Replaces the row with the edited one if nobody changed it since it was read (`updatedAt`). */
export async function saveEmployee(
  tenant: TenantId,
  before: EmployeeRow,
  after: EmployeeRow,
  extra: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>,
): Promise<void> {
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: table(),
            Item: { ...userKeys.user(tenant, after.id), ...after },
            ConditionExpression: before.updatedAt
              ? 'updatedAt = :u'
              : 'attribute_exists(pk) AND attribute_not_exists(updatedAt)',
            ...(before.updatedAt ? { ExpressionAttributeValues: { ':u': before.updatedAt } } : {}),
          },
        },
        ...extra,
      ],
    }),
  );
}

export async function deactivateEmployee(
  tenant: TenantId,
  row: EmployeeRow,
  actor: { userId: string; name: string },
): Promise<void> {
  const now = nowIso();
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: table(),
            Key: userKeys.user(tenant, row.id),
            // The session epoch moves too (docs/decisions/0009-sessions-follow-the-account.md): a later reactivation does not revive old tokens.
            UpdateExpression:
              'SET isActive = :f, #s = :inactive, deactivatedAt = :now, deactivatedBy = :by, updatedAt = :now ADD sessionEpoch :one',
            // The role read is the role the change rule allowed (R-EMP-10): a promotion meanwhile refuses this.
            ConditionExpression: 'isActive = :t AND (attribute_not_exists(#s) OR #s = :active) AND #r = :role',
            ExpressionAttributeNames: { '#s': 'status', '#r': 'role' },
            ExpressionAttributeValues: {
              ':f': false,
              ':t': true,
              ':role': row.role,
              ':inactive': 'INACTIVE',
              ':active': 'ACTIVE',
              ':now': now,
              ':by': actor.userId,
              ':one': 1,
            },
          },
        },
        auditPut(tenant, {
          action: 'DEACTIVATED',
          userId: row.id,
          actorUserId: actor.userId,
          actorName: actor.name,
          changes: [{ field: 'isActive', from: true, to: false }],
        }),
      ],
    }),
  );
}

/**
 * Delete is permanent for the person: sign-in name, setup link, documents and every personal field
 * go. What stays is a tombstone with the id and the name, so history that names them (timesheets,
 * reservations, activity logs joining names from `USER#` rows) stays readable.
 */
export async function deleteEmployee(
  tenant: TenantId,
  row: EmployeeRow,
  actor: { userId: string; name: string },
): Promise<void> {
  const now = nowIso();
  const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
    {
      Put: {
        TableName: table(),
        Item: {
          ...userKeys.user(tenant, row.id),
          id: row.id,
          firstName: row.firstName,
          lastName: row.lastName,
          role: row.role,
          accessLevel: row.accessLevel,
          organizationId: row.organizationId,
          isActive: false,
          status: 'DELETED',
          createdAt: row.createdAt,
          deletedAt: now,
          updatedAt: now,
          email: '',
          username: '',
          sessionEpoch: (row.sessionEpoch ?? 0) + 1,
        },
        ConditionExpression: row.updatedAt
          ? 'updatedAt = :u'
          : 'attribute_exists(pk) AND attribute_not_exists(updatedAt)',
        ...(row.updatedAt ? { ExpressionAttributeValues: { ':u': row.updatedAt } } : {}),
      },
    },
    auditPut(tenant, {
      action: 'DELETED',
      userId: row.id,
      actorUserId: actor.userId,
      actorName: actor.name,
      changes: [{ field: 'name', from: `${row.firstName} ${row.lastName}` }],
    }),
    userCountUpdate(tenant, -1),
  ];
  if (row.status !== 'PENDING' && row.username) {
    items.push({
      Delete: {
        TableName: table(),
        Key: keys.username(row.username),
        ConditionExpression: 'attribute_not_exists(pk) OR userId = :id',
        ExpressionAttributeValues: { ':id': row.id },
      },
    });
  }
  if (row.setupTokenHash) items.push({ Delete: { TableName: table(), Key: userKeys.setupToken(row.setupTokenHash) } });
  await db().send(new TransactWriteCommand({ TransactItems: items }));
}

// Sensitive fields: encrypted with the row's tenant and id as associated data.
const aad = (tenant: TenantId, userId: string, field: string) => `${tenant}/${userId}/${field}`;
export const sealField = (tenant: TenantId, userId: string, field: 'ssn' | 'dob' | 'pin', value: string) =>
  encryptField(value, aad(tenant, userId, field));
export const openField = (tenant: TenantId, userId: string, field: 'ssn' | 'dob' | 'pin', value: string) =>
  decryptField(value, aad(tenant, userId, field));
