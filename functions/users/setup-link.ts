import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, nowIso } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';
import { type RowParser, rowParser } from '../lib/rows.js';
import { hashToken, newSecretToken } from '../lib/secure-token.js';
import { SETUP_TOKEN_TTL_MS } from '../../shared/domain/employees.js';
import * as z from '../../shared/zod.js';
import { type EmployeeRow, table, userKeys } from './employee-row.js';
import type { auditPut } from './store.js';
import { userCountUpdate } from '../auth/user-stats.js';

/**
 * An invitee's way in (R-EMP-4): the pending account with its setup link, the link's rotation on
 * resend, and the setup that makes the account ACTIVE. The link is a secret token stored only as its
 * SHA-256 in the pointer key `SETUPTOKEN#{hash}`.
 */

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
            TableName: table(),
            Item: { ...userKeys.user(tenant, row.id), ...row },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName: table(),
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
        TableName: table(),
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
        TableName: table(),
        Item: setupPointer(setup.hash, tenant, row.id, setup.validUntil),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
  if (row.setupTokenHash) items.push({ Delete: { TableName: table(), Key: userKeys.setupToken(row.setupTokenHash) } });
  await db().send(new TransactWriteCommand({ TransactItems: items }));
}

interface SetupPointer {
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
  const res = await db().send(
    new GetCommand({ TableName: table(), Key: userKeys.setupToken(hash), ConsistentRead: true }),
  );
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
              TableName: table(),
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
              TableName: table(),
              Item: { ...keys.username(input.email), userId: row.id, organizationId: tenant },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Update: {
              TableName: table(),
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
