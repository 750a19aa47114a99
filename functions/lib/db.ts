import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from './config.js';

let client: DynamoDBDocumentClient | undefined;

/** The document client every store uses; endpoint and credentials come from the environment. */
export function db(): DynamoDBDocumentClient {
  if (!client) {
    const c = config();
    client = DynamoDBDocumentClient.from(
      new DynamoDBClient({ region: c.region, ...(c.dynamoEndpoint ? { endpoint: c.dynamoEndpoint } : {}) }),
      { marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false } },
    );
  }
  return client;
}

export function tableName(): string {
  return config().tableName;
}

export function resetDb(): void {
  client = undefined;
}

/** True when a DynamoDB error is a failed condition (single write or inside a transaction). */
export function isConditionFailure(e: unknown): boolean {
  const name = (e as { name?: string })?.name;
  if (name === 'ConditionalCheckFailedException') return true;
  if (name === 'TransactionCanceledException') {
    const reasons = (e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    return reasons.some((r) => r.Code === 'ConditionalCheckFailed');
  }
  return false;
}

export const nowIso = () => new Date().toISOString();
