import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../lib/config.js';
import { db, nowIso, queryPages, tableName } from '../lib/db.js';
import { keys } from '../lib/keys.js';
import { type RowParser, rowParser } from '../lib/rows.js';
import { hashToken, newSecretToken } from '../lib/secure-token.js';
import * as z from '../../shared/zod.js';

/** An organization invitation (`PLATFORM#INVITES` / `INVITE#{id}`). The token itself is never stored: only its hash. */
const invitationRow = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  createdAt: z.string(),
  /** ISO time; stored as `validUntil` so it is not mistaken for the table's TTL attribute. */
  validUntil: z.string(),
  /** Null until sign-up consumes it (written as null by the create). */
  usedAt: z.nullable(z.string()),
  tokenHash: z.string(),
  createdBy: z.string(),
});
export type InvitationRecord = z.output<typeof invitationRow>;
const parseInvitation: RowParser<InvitationRecord> = rowParser('invitation', invitationRow);
/** `INVITETOKEN#{sha256(token)}`: the link's invitation. */
const parseTokenPointer = rowParser('invitation link', z.object({ invitationId: z.string() }));

export function inviteUrl(token: string): string {
  const url = new URL('/signup', `${config().appBaseUrl}/`);
  url.searchParams.set('token', token);
  return url.toString();
}

export function publicInvitation(inv: InvitationRecord) {
  return {
    id: inv.id,
    firstName: inv.firstName,
    lastName: inv.lastName,
    email: inv.email,
    createdAt: inv.createdAt,
    expiresAt: inv.validUntil,
    usedAt: inv.usedAt ?? null,
  };
}

const validUntil = () => new Date(Date.now() + config().invitationTtlDays * 86_400_000).toISOString();

function tokenPointer(tokenHash: string, invitationId: string, until: string) {
  // The pointer outlives the invitation's validity by a month so an old link still reads "expired", then TTL removes it.
  return {
    ...keys.invitationToken(tokenHash),
    invitationId,
    expiresAt: Math.floor(new Date(until).getTime() / 1000) + 30 * 86_400,
  };
}

export async function createInvitation(input: {
  firstName: string;
  lastName: string;
  email: string;
  createdBy: string;
}): Promise<{ invitation: InvitationRecord; token: string }> {
  const token = newSecretToken();
  const invitation: InvitationRecord = {
    id: randomUUID(),
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email.trim().toLowerCase(),
    createdAt: nowIso(),
    validUntil: validUntil(),
    usedAt: null,
    tokenHash: hashToken(token),
    createdBy: input.createdBy,
  };
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: { ...keys.invitation(invitation.id), ...invitation },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName: tableName(),
            Item: tokenPointer(invitation.tokenHash, invitation.id, invitation.validUntil),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ],
    }),
  );
  return { invitation, token };
}

export async function listInvitations(): Promise<InvitationRecord[]> {
  const out: InvitationRecord[] = [];
  for await (const items of queryPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.invitationsPartition() },
  })) {
    out.push(...items.map(parseInvitation));
  }
  return out.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export async function getInvitation(id: string): Promise<InvitationRecord | undefined> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.invitation(id), ConsistentRead: true }),
  );
  return res.Item ? parseInvitation(res.Item) : undefined;
}

export async function findInvitationByToken(token: string): Promise<InvitationRecord | undefined> {
  const pointer = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.invitationToken(hashToken(token)), ConsistentRead: true }),
  );
  if (!pointer.Item) return undefined;
  const inv = await getInvitation(parseTokenPointer(pointer.Item).invitationId);
  // A resent invitation has a new token: the old link's pointer no longer matches.
  return inv && inv.tokenHash === hashToken(token) ? inv : undefined;
}

/** Resend: a fresh token and validity period; the previous link stops working. Refused once used. */
export async function renewInvitation(inv: InvitationRecord): Promise<{ invitation: InvitationRecord; token: string }> {
  const token = newSecretToken();
  const renewed: InvitationRecord = { ...inv, tokenHash: hashToken(token), validUntil: validUntil() };
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: tableName(),
            Key: keys.invitation(inv.id),
            UpdateExpression: 'SET tokenHash = :h, validUntil = :v',
            ConditionExpression: 'attribute_exists(pk) AND tokenHash = :old AND usedAt = :null',
            ExpressionAttributeValues: {
              ':h': renewed.tokenHash,
              ':v': renewed.validUntil,
              ':old': inv.tokenHash,
              ':null': null,
            },
          },
        },
        { Delete: { TableName: tableName(), Key: keys.invitationToken(inv.tokenHash) } },
        { Put: { TableName: tableName(), Item: tokenPointer(renewed.tokenHash, inv.id, renewed.validUntil) } },
      ],
    }),
  );
  return { invitation: renewed, token };
}

export async function deleteInvitation(inv: InvitationRecord): Promise<void> {
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Delete: {
            TableName: tableName(),
            Key: keys.invitation(inv.id),
            ConditionExpression: 'tokenHash = :h AND usedAt = :null',
            ExpressionAttributeValues: { ':h': inv.tokenHash, ':null': null },
          },
        },
        { Delete: { TableName: tableName(), Key: keys.invitationToken(inv.tokenHash) } },
      ],
    }),
  );
}

/** The transaction element that consumes an invitation: it must be unused, unexpired and still carry this token. */
export function consumeInvitation(inv: InvitationRecord, now = nowIso()) {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.invitation(inv.id),
      UpdateExpression: 'SET usedAt = :now',
      ConditionExpression: 'tokenHash = :h AND validUntil > :now AND usedAt = :null',
      ExpressionAttributeValues: { ':now': now, ':h': inv.tokenHash, ':null': null },
    },
  };
}
