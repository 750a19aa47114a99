import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryPages, tableName } from './db.js';
import { logger, withJobContext } from './logger.js';

/**
 * Heartbeats (docs/decisions/0193-platform-health.md, health): every sweep run writes one row per sweep,
 * `pk = HEARTBEAT`, `sk = SWEEP#{name}` → `lastStartedAt`, `lastSucceededAt`, `lastFailedAt`,
 * `lastError`, `lastDurationMs`, `lastOutcome` ('running' | 'succeeded' | 'failed'). Two small
 * UpdateItems per run (start, end). GET /api/platform/health reads the partition (one Query) and calls
 * a sweep unhealthy when its last success is older than 3x its rate or its last run failed.
 *
 * A heartbeat write that fails is logged and never fails the sweep itself.
 */
const HEARTBEAT_PK = 'HEARTBEAT';
const heartbeatKey = (name: string) => ({ pk: HEARTBEAT_PK, sk: `SWEEP#${name}` });

export interface Heartbeat {
  name: string;
  lastStartedAt?: string;
  lastSucceededAt?: string;
  lastFailedAt?: string;
  lastError?: string;
  lastDurationMs?: number;
  lastOutcome?: 'running' | 'succeeded' | 'failed';
}

type LambdaContext = { functionName?: string; awsRequestId?: string };

async function beat(name: string, set: Record<string, unknown>): Promise<void> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const parts = Object.entries(set).map(([k, v], i) => {
    names[`#a${i}`] = k;
    values[`:v${i}`] = v;
    return `#a${i} = :v${i}`;
  });
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: heartbeatKey(name),
        UpdateExpression: `SET ${parts.join(', ')}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
  } catch (e) {
    logger.warn('sweep heartbeat write failed', { error: e as Error, sweep: name });
  }
}

/**
 * A sweep's Lambda handler: withJobContext (job = the sweep's name) plus its heartbeat. `run` is the
 * sweep itself; what it returns is the handler's result, what it throws is recorded and rethrown (so
 * Lambda retries and, after that, the dead-letter queue still see it).
 */
export function sweepHandler<T>(
  name: string,
  run: () => Promise<T>,
): (event?: unknown, context?: LambdaContext) => Promise<T> {
  return (_event, context) =>
    withJobContext(`sweep-${name}`, context, async () => {
      const t0 = Date.now();
      await beat(name, { name, lastStartedAt: new Date(t0).toISOString(), lastOutcome: 'running' });
      try {
        const result = await run();
        await beat(name, {
          lastSucceededAt: new Date().toISOString(),
          lastDurationMs: Date.now() - t0,
          lastOutcome: 'succeeded',
        });
        return result;
      } catch (e) {
        const message = (e instanceof Error ? e.message : String(e)).slice(0, 500);
        logger.error('sweep failed', { error: e as Error, sweep: name });
        await beat(name, {
          lastFailedAt: new Date().toISOString(),
          lastError: message,
          lastDurationMs: Date.now() - t0,
          lastOutcome: 'failed',
        });
        throw e;
      }
    });
}

/** Every sweep's heartbeat row (one Query of the HEARTBEAT partition). */
export async function readHeartbeats(): Promise<Map<string, Heartbeat>> {
  const out = new Map<string, Heartbeat>();
  for await (const items of queryPages({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': HEARTBEAT_PK },
  })) {
    for (const i of items) {
      const name = String(i.sk).replace(/^SWEEP#/, '');
      out.set(name, { ...(i as Heartbeat), name });
    }
  }
  return out;
}
