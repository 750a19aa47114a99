import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';

/** The actor's display name from their user row, else their sign-in name (what the settings' change logs show). */
export async function actorName(tenant: TenantId, actor: { userId: string; username: string }): Promise<string> {
  const res = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.user(tenant, actor.userId),
      ProjectionExpression: 'firstName, lastName',
    }),
  );
  const name = [res.Item?.firstName, res.Item?.lastName]
    .filter((s) => typeof s === 'string' && s.trim())
    .join(' ')
    .trim();
  return name || actor.username;
}
