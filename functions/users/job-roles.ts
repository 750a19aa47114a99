import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, nowIso } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';
import { optionalText, type RowParser, rowParser } from '../lib/rows.js';
import * as z from '../../shared/zod.js';
import { table, userKeys } from './employee-row.js';

/** A job role (R-EMP-3's picker): one row each and a case-insensitive name marker, like locations. */
interface JobRoleRow {
  id: string;
  name: string;
  description: string | null;
  createdAt: string;
}

const parseJobRole: RowParser<JobRoleRow> = rowParser(
  'job role',
  z.object({ id: z.string(), name: z.string(), description: optionalText(), createdAt: z.string() }),
);

export async function listJobRoles(tenant: TenantId): Promise<JobRoleRow[]> {
  const res = await db().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': keys.tenantPartition(tenant), ':p': 'JOBROLE#' },
    }),
  );
  return (res.Items ?? []).map(parseJobRole).sort((a, b) => a.name.localeCompare(b.name));
}

export async function createJobRole(
  tenant: TenantId,
  input: { name: string; description?: string | null },
): Promise<{ jobRole: JobRoleRow; created: boolean }> {
  const row: JobRoleRow = {
    id: randomUUID(),
    name: input.name.trim(),
    description: input.description?.trim() || null,
    createdAt: nowIso(),
  };
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table(),
              Item: { ...userKeys.jobRoleName(tenant, row.name), jobRoleId: row.id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          { Put: { TableName: table(), Item: { ...userKeys.jobRole(tenant, row.id), ...row } } },
        ],
      }),
    );
    return { jobRole: row, created: true };
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    const marker = await db().send(
      new GetCommand({ TableName: table(), Key: userKeys.jobRoleName(tenant, row.name), ConsistentRead: true }),
    );
    const existing = await db().send(
      new GetCommand({
        TableName: table(),
        Key: userKeys.jobRole(tenant, marker.Item!.jobRoleId as string),
        ConsistentRead: true,
      }),
    );
    return { jobRole: parseJobRole(existing.Item!), created: false };
  }
}
