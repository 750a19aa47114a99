import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure } from '../lib/db.js';
import { type TenantId } from '../lib/keys.js';
import { optionalText, type RowParser, rowParser, tenantRowsWithPrefix } from '../lib/rows.js';
import * as z from '../../shared/zod.js';
import { table, userKeys } from './employee-row.js';

/** The row of an employee's document (`USERDOC#{userId}#{docId}`); the files and routes are in ./documents.ts. */
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

export async function putDocument(tenant: TenantId, doc: DocumentRow, ttlSeconds?: number): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: table(),
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
    new GetCommand({ TableName: table(), Key: userKeys.document(tenant, userId, docId), ConsistentRead: true }),
  );
  return res.Item ? parseDocument(res.Item) : undefined;
}

export async function listDocuments(tenant: TenantId, userId: string): Promise<DocumentRow[]> {
  return tenantRowsWithPrefix(tenant, `USERDOC#${userId}#`, parseDocument);
}

/** Marks an uploaded document READY (and drops its TTL), if it is still the pending row. */
export async function markDocumentReady(tenant: TenantId, doc: DocumentRow, size: number): Promise<DocumentRow> {
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: table(),
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
              TableName: table(),
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
