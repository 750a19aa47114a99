import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, nowIso, tableName } from '../lib/db.js';
import { keys, type TenantId } from '../lib/keys.js';
import { optimistic, retryWhen } from '../lib/optimistic.js';
import { forgetPolicy } from '../lib/policy.js';
import { conflict } from '../lib/errors.js';
import {
  completePolicy,
  diffPolicies,
  POLICY_REVISION,
  policyAsStored,
  type PermissionChange,
  type PermissionPolicy,
} from '../../shared/domain/roles.js';
import { actorName } from './actor-name.js';

/**
 * The permission policy row (`T#{tenant}` / `SETTINGS#PERMISSIONS`, read by functions/lib/policy.ts
 * on every authorised request) and its change log (`T#{tenant}` / `PERMLOG#{createdAt}#{id}`).
 * A save writes the policy and its log entry in one transaction, conditional on the version it
 * read, so two admins saving at once cannot both log a diff against the same old policy.
 */
const LOG_PREFIX = 'PERMLOG#';

interface PermissionLogEntry {
  id: string;
  createdAt: string;
  actorId: string | null;
  actorName: string | null;
  changeNote: string;
  changes: PermissionChange[];
}

interface PolicyRow {
  policy: PermissionPolicy | null;
  version: number;
  updatedAt: string | null;
}

export async function readPolicyRow(tenant: TenantId): Promise<PolicyRow> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.permissionPolicy(tenant), ConsistentRead: true }),
  );
  const item = res.Item;
  return {
    policy: policyAsStored(item?.policy as PermissionPolicy | undefined, item?.revision),
    version: typeof item?.version === 'number' ? item.version : 0,
    updatedAt: (item?.updatedAt as string | undefined) ?? null,
  };
}

/**
 * Saves the policy as sent (completed: every permission of both roles stored explicitly) with its
 * log entry. A save that flips nothing still updates nothing and logs nothing.
 */
export async function savePolicy(
  tenant: TenantId,
  policy: PermissionPolicy,
  actor: { userId: string; username: string },
  changeNote: string,
): Promise<{ row: PolicyRow; log: PermissionLogEntry | null }> {
  const name = await actorName(tenant, actor);
  const next = completePolicy(policy);
  return optimistic(
    async () => {
      const current = await readPolicyRow(tenant);
      const changes = diffPolicies(current.policy, next);
      if (changes.length === 0 && current.policy) return { row: current, log: null };
      const createdAt = nowIso();
      const log: PermissionLogEntry = {
        id: randomUUID(),
        createdAt,
        actorId: actor.userId,
        actorName: name,
        changeNote,
        changes,
      };
      const version = current.version + 1;
      try {
        await db().send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName(),
                  Item: {
                    ...keys.permissionPolicy(tenant),
                    type: 'PERMISSION_POLICY',
                    policy: next,
                    revision: POLICY_REVISION,
                    version,
                    updatedAt: createdAt,
                    updatedBy: actor.userId,
                  },
                  ConditionExpression:
                    current.version === 0
                      ? 'attribute_not_exists(pk) OR attribute_not_exists(version)'
                      : 'version = :v',
                  ...(current.version === 0 ? {} : { ExpressionAttributeValues: { ':v': current.version } }),
                },
              },
              {
                Put: {
                  TableName: tableName(),
                  Item: { ...keys.entity(tenant, 'PERMLOG', `${createdAt}#${log.id}`), type: 'PERMISSION_LOG', ...log },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
            ],
          }),
        );
        forgetPolicy(tenant);
        return { row: { policy: next, version, updatedAt: createdAt }, log };
      } catch (e) {
        return retryWhen(e, isConditionFailure(e));
      }
    },
    () => {
      throw conflict('The permissions were changed by someone else at the same time. Refresh and try again.');
    },
  );
}

/** Newest first. */
export async function listPermissionLogs(tenant: TenantId, limit = 100): Promise<PermissionLogEntry[]> {
  const res = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': keys.tenantPartition(tenant), ':p': LOG_PREFIX },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (res.Items ?? []).map((i) => ({
    id: String(i.id),
    createdAt: String(i.createdAt),
    actorId: (i.actorId as string | undefined) ?? null,
    actorName: (i.actorName as string | undefined) ?? null,
    changeNote: String(i.changeNote ?? ''),
    changes: Array.isArray(i.changes) ? (i.changes as PermissionChange[]) : [],
  }));
}
