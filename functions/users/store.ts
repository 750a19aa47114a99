import { randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, nowIso, tableName } from '../lib/db.js';
import { keys, type Key, type TenantId } from '../lib/keys.js';
import { optionalText, type RowParser, rowParser } from '../lib/rows.js';
import { hashToken, newSecretToken } from '../lib/secure-token.js';
import type { UserRecord } from '../auth/store.js';
import { SETUP_TOKEN_TTL_MS, type EmployeeStatus } from '../../shared/domain/employees.js';
import * as z from '../../shared/zod.js';
import { decryptField, encryptField } from './crypto.js';
import { userCountUpdate } from './user-stats.js';

/**
 * The users area's rows (docs/data-model.md, "Employees"). A user row extends the auth area's
 * UserRecord (same key, `T#{org}` / `USER#{id}`) with the employee fields of R-EMP-3.
 */
export interface EmployeeRow extends UserRecord {
  status?: EmployeeStatus | 'DELETED';
  updatedAt?: string;
  jobRole?: string | null;
  location?: string | null;
  hourlyWageCents?: number | null;
  startDate?: string | null;
  pinEnc?: string | null;
  preferredName?: string | null;
  personalEmail?: string | null;
  emergencyContact?: string | null;
  dobEnc?: string | null;
  ssnEnc?: string | null;
  ssnLast4?: string | null;
  homeAddress?: string | null;
  managerNotes?: string | null;
  profilePicture?: string | null;
  /** The picture's photo (functions/users/picture.ts): URLs are minted from it on every read. */
  profilePictureBaseKey?: string | null;
  setupTokenHash?: string | null;
  setupValidUntil?: string | null;
  setupCompletedAt?: string | null;
  invitedBy?: string | null;
  deactivatedAt?: string | null;
  deactivatedBy?: string | null;
  deletedAt?: string | null;
}

export interface JobRoleRow {
  id: string;
  name: string;
  description: string | null;
  createdAt: string;
}

export interface DocumentRow {
  id: string;
  userId: string;
  name: string;
  fileName: string;
  fileSize: number;
  mimeType: string;
  s3Key: string;
  status: 'PENDING' | 'READY';
  createdAt: string;
  uploadedBy: string;
  uploadedByName: string | null;
}

const parseJobRole: RowParser<JobRoleRow> = rowParser(
  'job role',
  z.object({ id: z.string(), name: z.string(), description: optionalText(), createdAt: z.string() }),
);
const parseDocument: RowParser<DocumentRow> = rowParser(
  'employee document',
  z.object({
    id: z.string(),
    userId: z.string(),
    name: z.string(),
    fileName: z.string(),
    fileSize: z.number().check(z.nonnegative()),
    mimeType: z.string(),
    s3Key: z.string(),
    status: z.enum(['PENDING', 'READY']),
    createdAt: z.string(),
    uploadedBy: z.string(),
    uploadedByName: optionalText(),
  }),
);

export const T = () => tableName();
const RESERVED = ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'expiresAt'];
/**
 * The user row is still copied as stored: it is the auth area's UserRecord plus this area's fields,
 * and gets its schema together with auth's (docs/decisions/row-schemas.md).
 */
function strip<R>(item: Record<string, unknown> | undefined): R | undefined {
  if (!item) return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(item)) if (!RESERVED.includes(k)) out[k] = v;
  return out as R;
}

export const userKeys = {
  user: (tenant: TenantId, id: string): Key => keys.user(tenant, id),
  setupToken: (hash: string): Key => ({ pk: `SETUPTOKEN#${hash}`, sk: 'SETUPTOKEN' }),
  jobRole: (tenant: TenantId, id: string): Key => keys.entity(tenant, 'JOBROLE', id),
  jobRoleName: (tenant: TenantId, name: string): Key => keys.entity(tenant, 'JOBROLENAME', name.trim().toLowerCase()),
  document: (tenant: TenantId, userId: string, docId: string): Key =>
    keys.entity(tenant, 'USERDOC', `${userId}#${docId}`),
  log: (tenant: TenantId): Key => keys.entity(tenant, 'USERLOG', `${nowIso()}#${randomUUID()}`),
};

/** Status of a row, including rows written before the users area existed (the owner's row from sign-up). */
export function statusOf(row: EmployeeRow): EmployeeStatus | 'DELETED' {
  if (row.status) return row.status;
  return row.isActive ? 'ACTIVE' : 'INACTIVE';
}

export async function getEmployee(tenant: TenantId, id: string): Promise<EmployeeRow | undefined> {
  const res = await db().send(new GetCommand({ TableName: T(), Key: userKeys.user(tenant, id), ConsistentRead: true }));
  const row = strip<EmployeeRow>(res.Item);
  return row && statusOf(row) !== 'DELETED' ? row : undefined;
}

/** Every user of a tenant (tens of rows): one Query of the tenant partition's `USER#` range. */
export async function listEmployees(tenant: TenantId): Promise<EmployeeRow[]> {
  const out: EmployeeRow[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: T(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': keys.tenantPartition(tenant), ':p': 'USER#' },
        ExclusiveStartKey: start,
      }),
    );
    for (const i of res.Items ?? []) {
      const row = strip<EmployeeRow>(i)!;
      if (statusOf(row) !== 'DELETED') out.push(row);
    }
    start = res.LastEvaluatedKey;
  } while (start);
  return out.sort((a, b) => `${a.lastName} ${a.firstName}`.localeCompare(`${b.lastName} ${b.firstName}`));
}

/** The setup-link pointer outlives the link's 24 hours by a month, so an old link reads "expired", then TTL removes it. */
function setupPointer(hash: string, tenant: TenantId, userId: string, validUntil: string) {
  return {
    ...userKeys.setupToken(hash),
    tenantId: tenant,
    userId,
    validUntil,
    expiresAt: Math.floor(new Date(validUntil).getTime() / 1000) + 30 * 86_400,
  };
}

export function newSetupToken(now = Date.now()) {
  const token = newSecretToken();
  return { token, hash: hashToken(token), validUntil: new Date(now + SETUP_TOKEN_TTL_MS).toISOString() };
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
  return { Put: { TableName: T(), Item: { ...userKeys.log(tenant), ...entry, createdAt: nowIso() } } };
}

export class EmailTakenError extends Error {}

/** Pending account + its setup-link pointer (+ the log line), all or nothing. */
export async function createPendingEmployee(
  tenant: TenantId,
  row: EmployeeRow,
  setup: { hash: string; validUntil: string },
  audit: ReturnType<typeof auditPut>,
): Promise<void> {
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: T(),
            Item: { ...userKeys.user(tenant, row.id), ...row },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName: T(),
            Item: setupPointer(setup.hash, tenant, row.id, setup.validUntil),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        audit,
        userCountUpdate(tenant, 1),
      ],
    }),
  );
}

/** Resend: a fresh link and 24 hours; the previous link's pointer is deleted, so it stops working. */
export async function rotateSetupToken(
  tenant: TenantId,
  row: EmployeeRow,
  setup: { hash: string; validUntil: string },
): Promise<void> {
  const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
    {
      Update: {
        TableName: T(),
        Key: userKeys.user(tenant, row.id),
        UpdateExpression: 'SET setupTokenHash = :h, setupValidUntil = :v, updatedAt = :now',
        ConditionExpression: '#s = :pending AND setupTokenHash = :old',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':h': setup.hash,
          ':v': setup.validUntil,
          ':now': nowIso(),
          ':pending': 'PENDING',
          ':old': row.setupTokenHash ?? '',
        },
      },
    },
    {
      Put: {
        TableName: T(),
        Item: setupPointer(setup.hash, tenant, row.id, setup.validUntil),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
  if (row.setupTokenHash) items.push({ Delete: { TableName: T(), Key: userKeys.setupToken(row.setupTokenHash) } });
  await db().send(new TransactWriteCommand({ TransactItems: items }));
}

export interface SetupPointer {
  tenantId: string;
  userId: string;
  validUntil: string;
  usedAt?: string;
}
const parseSetupPointer: RowParser<SetupPointer> = rowParser(
  'setup link',
  z.object({ tenantId: z.string(), userId: z.string(), validUntil: z.string(), usedAt: z.optional(z.string()) }),
);

export async function findSetupPointer(hash: string): Promise<SetupPointer | undefined> {
  const res = await db().send(new GetCommand({ TableName: T(), Key: userKeys.setupToken(hash), ConsistentRead: true }));
  return res.Item ? parseSetupPointer(res.Item) : undefined;
}

/**
 * Account setup in one transaction: the user row becomes ACTIVE with its password and the e-mail as
 * username (conditions: still pending, still this link), the username pointer (unique across the
 * platform), and the link marked used (condition: unused). Throws EmailTakenError when the pointer exists.
 */
export async function completeSetup(
  tenant: TenantId,
  row: EmployeeRow,
  hash: string,
  input: { firstName: string; lastName: string; phone: string | null; email: string; passwordHash: string },
): Promise<void> {
  const now = nowIso();
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: T(),
              Key: userKeys.user(tenant, row.id),
              UpdateExpression:
                'SET firstName = :f, lastName = :l, phone = :p, email = :e, username = :e, passwordHash = :pw, isActive = :t, #s = :active, setupCompletedAt = :now, updatedAt = :now REMOVE setupTokenHash, setupValidUntil',
              ConditionExpression: '#s = :pending AND setupTokenHash = :h',
              ExpressionAttributeNames: { '#s': 'status' },
              ExpressionAttributeValues: {
                ':f': input.firstName,
                ':l': input.lastName,
                ':p': input.phone,
                ':e': input.email,
                ':pw': input.passwordHash,
                ':t': true,
                ':active': 'ACTIVE',
                ':now': now,
                ':pending': 'PENDING',
                ':h': hash,
              },
            },
          },
          {
            Put: {
              TableName: T(),
              Item: { ...keys.username(input.email), userId: row.id, organizationId: tenant },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Update: {
              TableName: T(),
              Key: userKeys.setupToken(hash),
              UpdateExpression: 'SET usedAt = :now',
              ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(usedAt) AND validUntil > :now',
              ExpressionAttributeValues: { ':now': now },
            },
          },
        ],
      }),
    );
  } catch (e) {
    const reasons = (e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
    if (reasons?.[1]?.Code === 'ConditionalCheckFailed' && reasons[0]?.Code !== 'ConditionalCheckFailed')
      throw new EmailTakenError();
    throw e;
  }
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
            TableName: T(),
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
            TableName: T(),
            Key: userKeys.user(tenant, row.id),
            // The session epoch moves too (docs/decisions/sessions-follow-the-account.md): a later reactivation does not revive old tokens.
            UpdateExpression:
              'SET isActive = :f, #s = :inactive, deactivatedAt = :now, deactivatedBy = :by, updatedAt = :now ADD sessionEpoch :one',
            ConditionExpression: 'isActive = :t AND (attribute_not_exists(#s) OR #s = :active)',
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: {
              ':f': false,
              ':t': true,
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
  const status = statusOf(row);
  const items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']> = [
    {
      Put: {
        TableName: T(),
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
  if (status !== 'PENDING' && row.username) {
    items.push({
      Delete: {
        TableName: T(),
        Key: keys.username(row.username),
        ConditionExpression: 'attribute_not_exists(pk) OR userId = :id',
        ExpressionAttributeValues: { ':id': row.id },
      },
    });
  }
  if (row.setupTokenHash) items.push({ Delete: { TableName: T(), Key: userKeys.setupToken(row.setupTokenHash) } });
  await db().send(new TransactWriteCommand({ TransactItems: items }));
}

// Sensitive fields: encrypted with the row's tenant and id as associated data.
const aad = (tenant: TenantId, userId: string, field: string) => `${tenant}/${userId}/${field}`;
export const sealField = (tenant: TenantId, userId: string, field: 'ssn' | 'dob' | 'pin', value: string) =>
  encryptField(value, aad(tenant, userId, field));
export const openField = (tenant: TenantId, userId: string, field: 'ssn' | 'dob' | 'pin', value: string) =>
  decryptField(value, aad(tenant, userId, field));

// Job roles: one row each and a case-insensitive name marker, like locations.
export async function listJobRoles(tenant: TenantId): Promise<JobRoleRow[]> {
  const res = await db().send(
    new QueryCommand({
      TableName: T(),
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
              TableName: T(),
              Item: { ...userKeys.jobRoleName(tenant, row.name), jobRoleId: row.id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          { Put: { TableName: T(), Item: { ...userKeys.jobRole(tenant, row.id), ...row } } },
        ],
      }),
    );
    return { jobRole: row, created: true };
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    const marker = await db().send(
      new GetCommand({ TableName: T(), Key: userKeys.jobRoleName(tenant, row.name), ConsistentRead: true }),
    );
    const existing = await db().send(
      new GetCommand({
        TableName: T(),
        Key: userKeys.jobRole(tenant, marker.Item!.jobRoleId as string),
        ConsistentRead: true,
      }),
    );
    return { jobRole: parseJobRole(existing.Item!), created: false };
  }
}

// Documents
export async function putDocument(tenant: TenantId, doc: DocumentRow, ttlSeconds?: number): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: T(),
      Item: {
        ...userKeys.document(tenant, doc.userId, doc.id),
        ...doc,
        ...(ttlSeconds ? { expiresAt: Math.floor(Date.now() / 1000) + ttlSeconds } : {}),
      },
    }),
  );
}

export async function getDocument(tenant: TenantId, userId: string, docId: string): Promise<DocumentRow | undefined> {
  const res = await db().send(
    new GetCommand({ TableName: T(), Key: userKeys.document(tenant, userId, docId), ConsistentRead: true }),
  );
  return res.Item ? parseDocument(res.Item) : undefined;
}

export async function listDocuments(tenant: TenantId, userId: string): Promise<DocumentRow[]> {
  const out: DocumentRow[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: T(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': keys.tenantPartition(tenant), ':p': `USERDOC#${userId}#` },
        ExclusiveStartKey: start,
      }),
    );
    out.push(...(res.Items ?? []).map(parseDocument));
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

/** Marks an uploaded document READY (and drops its TTL), if it is still the pending row. */
export async function markDocumentReady(tenant: TenantId, doc: DocumentRow, size: number): Promise<DocumentRow> {
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: T(),
            Key: userKeys.document(tenant, doc.userId, doc.id),
            UpdateExpression: 'SET #s = :ready, fileSize = :size REMOVE expiresAt',
            ConditionExpression: '#s = :pending',
            ExpressionAttributeNames: { '#s': 'status' },
            ExpressionAttributeValues: { ':ready': 'READY', ':pending': 'PENDING', ':size': size },
          },
        },
      ],
    }),
  );
  return { ...doc, status: 'READY', fileSize: size };
}

export async function removeDocumentRow(tenant: TenantId, userId: string, docId: string): Promise<boolean> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: T(),
              Key: userKeys.document(tenant, userId, docId),
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
        ],
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}
