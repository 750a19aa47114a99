/**
 * The report-schedules sweep (functions/sweeps/report-schedules.ts): claims each due schedule once
 * (see schedule-runs.ts for why a claim is exactly-once) and runs it with `execute`.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from '../lib/db.js';
import { shardedIndexItems } from '../lib/sweep-shards.js';
import { shardedIndexKey } from '../lib/sweep-shard-keys.js';
import { type TenantId, trustedTenant } from '../lib/keys.js';
import { logger } from '../lib/logger.js';
import { organizationTimeZone } from '../lib/organization.js';
import { execute } from './schedule-runs.js';
import { parseDueSchedule } from './schedule-row.js';
import {
  dueSortKey,
  nextRunAfter,
  parseScheduleRow,
  SCHEDULE_INDEX_PK,
  type ScheduleRow,
  scheduleKey,
} from './schedules.js';

/** The sweep stops claiming new schedules after this long (its function has 5 minutes); the rest are still due next time. */
const SWEEP_BUDGET_MS = 3 * 60_000;
const CONCURRENCY = 4;

/**
 * Claims a due schedule: moves `nextRun` to the next run after now (and its due-index key with it),
 * marks it running. Conditional on the `nextRun` read from the index and on `enabled`: false when
 * another sweep claimed it first, or it was disabled or deleted meanwhile.
 */
export async function claimDue(
  tenant: TenantId,
  id: string,
  seenNextRun: string,
  schedule: ScheduleRow['schedule'],
  now: number,
): Promise<ScheduleRow | null> {
  const nowIso = new Date(now).toISOString();
  const zone = await organizationTimeZone(tenant, now);
  const next = nextRunAfter(schedule, zone, now);
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: scheduleKey(tenant, id),
        ReturnValues: 'ALL_NEW',
        ConditionExpression: 'enabled = :on AND nextRun = :seen',
        ...(next
          ? {
              // The pointer also moves to its shard: a row indexed before sharding leaves the legacy key here.
              UpdateExpression:
                'SET nextRun = :next, gsi1pk = :gpk, gsi1sk = :gsk, runningSince = :now, lastRun = :now',
              ExpressionAttributeValues: {
                ':on': true,
                ':seen': seenNextRun,
                ':next': next.toISOString(),
                ':gpk': shardedIndexKey(SCHEDULE_INDEX_PK, tenant),
                ':gsk': dueSortKey(next.toISOString(), tenant, id),
                ':now': nowIso,
              },
            }
          : {
              UpdateExpression: 'SET nextRun = :null, runningSince = :now, lastRun = :now REMOVE gsi1pk, gsi1sk',
              ExpressionAttributeValues: { ':on': true, ':seen': seenNextRun, ':null': null, ':now': nowIso },
            }),
      }),
    );
    return parseScheduleRow(res.Attributes!);
  } catch (e) {
    if (isConditionFailure(e)) return null;
    throw e;
  }
}

export interface SweepResult {
  due: number;
  claimed: number;
  succeeded: number;
  failed: number;
  skipped: number;
}

/** The sweep: every schedule whose next run is at or before `now`, from the due index. */
export async function runDueSchedules(now = Date.now(), budgetMs = SWEEP_BUDGET_MS): Promise<SweepResult> {
  const started = Date.now();
  const result: SweepResult = { due: 0, claimed: 0, succeeded: 0, failed: 0, skipped: 0 };
  const due: { tenant: string; id: string; nextRun: string; schedule: ScheduleRow['schedule'] }[] = [];
  // Every shard of the due index and its legacy key (R-PLAT-17), earliest first.
  for await (const item of shardedIndexItems(SCHEDULE_INDEX_PK, {
    TableName: tableName(),
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk <= :now',
    ExpressionAttributeValues: { ':now': `${new Date(now).toISOString()}\uffff` },
    ProjectionExpression: '#t, #i, #n, #s',
    ExpressionAttributeNames: { '#t': 'tenantId', '#i': 'id', '#n': 'nextRun', '#s': 'schedule' },
  })) {
    const { tenantId, ...d } = parseDueSchedule(item);
    due.push({ tenant: tenantId, ...d });
  }
  result.due = due.length;

  let next = 0;
  const worker = async () => {
    while (next < due.length && Date.now() - started < budgetMs) {
      const d = due[next++]!;
      const tenant = trustedTenant(d.tenant);
      try {
        const row = await claimDue(tenant, d.id, d.nextRun, d.schedule, now);
        if (!row) continue;
        result.claimed++;
        const { run } = await execute(tenant, row, 'schedule', now);
        if (run.outcome === 'success') result.succeeded++;
        else if (run.outcome === 'failure') result.failed++;
        else result.skipped++;
      } catch (e) {
        // A database error on one schedule: logged; the others still run. A claimed one waits for its next run.
        result.failed++;
        logger.error('scheduled report run failed', { error: e as Error, tenant: d.tenant, schedule: d.id });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, due.length) }, worker));
  return result;
}
