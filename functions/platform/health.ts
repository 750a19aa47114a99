import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { SignatureV4 } from '@smithy/signature-v4';
import { config } from '../lib/config.js';
import { db, tableName } from '../lib/db.js';
import { headBucket } from '../lib/files.js';
import { loadOnce } from '../lib/load-once.js';
import { Sha256 } from '../lib/sigv4.js';
import { SWEEPS } from '../lib/sweep-schedules.js';
import { deadLetterQueues } from './dead-letter-queues.js';
import { readHeartbeats, type Heartbeat } from '../lib/sweep-handler.js';

/**
 * GET /api/platform/health (docs/decisions/0193-platform-health.md): every check really probes, in parallel, each within 3 s.
 * - database: one GetItem; uploads: HeadBucket;
 * - mail: on AWS SES GetSendQuota (unhealthy from 95 % of the 24-hour quota); locally the SES
 *   emulator does not implement GetSendQuota, so its own /health-check is asked and the message says so;
 * - one check per sweep (functions/lib/sweep-schedules.ts) from its heartbeat row: unhealthy when its
 *   last run failed or its last success is older than 3x its rate; 'pending' (no fault) while it has
 *   not run yet, until the scheduler has been seen running other sweeps for 3x its rate (docs/decisions/0024-words-and-states.md);
 * - one check per dead-letter queue named in DEAD_LETTER_QUEUES (JSON name → queue URL, set by
 *   infra/stack.ts): ApproximateNumberOfMessages, unhealthy above 0. Without that variable (locally)
 *   a single 'not-configured' check says so; it is never counted healthy. A malformed value is an
 *   unhealthy check (and stops the area at cold start: ./dead-letter-queues.ts).
 * Overall: unhealthy when the database is, degraded when any other check is, else healthy.
 */
type Status = 'healthy' | 'unhealthy' | 'not-configured' | 'pending';
type Kind = 'database' | 'storage' | 'mail' | 'sweep' | 'queue';
export interface Check {
  name: string;
  status: Status;
  latencyMs: number;
  message?: string;
  kind: Kind;
  lastSucceededAt?: string | null;
  everyMinutes?: number;
  messages?: number;
}

const PROBE_TIMEOUT_MS = 3000;
export const MAIL_QUOTA_ALERT = 0.95;

async function probe(kind: Kind, name: string, fn: () => Promise<Partial<Check> | undefined | void>): Promise<Check> {
  const t0 = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const extra = await Promise.race([
      fn(),
      new Promise<never>(
        (_r, rej) =>
          (timer = setTimeout(() => rej(new Error(`timed out after ${PROBE_TIMEOUT_MS / 1000} s`)), PROBE_TIMEOUT_MS)),
      ),
    ]);
    return { name, kind, status: 'healthy', latencyMs: Math.round(performance.now() - t0), ...(extra ?? {}) };
  } catch (e) {
    return {
      name,
      kind,
      status: 'unhealthy',
      latencyMs: Math.round(performance.now() - t0),
      message: (e as Error).message.slice(0, 200),
    };
  } finally {
    clearTimeout(timer);
  }
}

/** The SES SDK loads inside the probe, on AWS only (docs/decisions/0132-house-lean-bundles-fourth-pass-every-api.md: not at the platform area's cold start). */
const quotaClient = /* @__PURE__ */ loadOnce(async () => {
  const sdk = await import('@aws-sdk/client-ses');
  return { sdk, client: new sdk.SESClient({ region: config().region }) };
});

async function mailCheck(): Promise<Check> {
  const c = config();
  if (c.sesEndpoint) {
    return probe('mail', 'Mail service (local SES emulator)', async () => {
      const res = await fetch(`${c.sesEndpoint!.replace(/\/+$/, '')}/health-check`);
      if (!res.ok) throw new Error(`The SES emulator answered ${res.status}`);
      return { message: 'Local SES emulator answering (it does not implement GetSendQuota; no quota here)' };
    });
  }
  return probe('mail', 'Mail service (SES)', async () => {
    const { sdk, client } = await quotaClient.get();
    const q = await client.send(new sdk.GetSendQuotaCommand({}));
    const max = q.Max24HourSend ?? 0;
    const sent = q.SentLast24Hours ?? 0;
    const message = `${sent} of ${max} sent in the last 24 hours (${q.MaxSendRate ?? 0}/s)`;
    if (max > 0 && sent / max >= MAIL_QUOTA_ALERT) throw new Error(`Quota nearly used: ${message}`);
    return { message };
  });
}

/** A sweep's verdict from its heartbeat (exported for the unit test). */
export function sweepVerdict(
  hb: Heartbeat | undefined,
  everyMinutes: number,
  now = Date.now(),
  /** The earliest last start among all sweeps: the scheduler has been working at least since then. */
  schedulerSince?: number,
): { status: Status; message: string } {
  const late = (since: number) => now - since > 3 * everyMinutes * 60_000;
  if (!hb?.lastStartedAt) {
    // A fresh platform: nothing ran yet, which is no fault until the schedule should have fired.
    if (schedulerSince === undefined || !late(schedulerSince)) return { status: 'pending', message: 'Not run yet' };
    return { status: 'unhealthy', message: `No run recorded yet (runs every ${everyMinutes} min)` };
  }
  const ok = hb.lastSucceededAt ? Date.parse(hb.lastSucceededAt) : 0;
  const failed = hb.lastFailedAt ? Date.parse(hb.lastFailedAt) : 0;
  if (failed > ok) return { status: 'unhealthy', message: `Last run failed: ${hb.lastError ?? 'unknown error'}` };
  if (!ok) {
    if (!late(Date.parse(hb.lastStartedAt))) return { status: 'pending', message: 'First run in progress' };
    return { status: 'unhealthy', message: 'No successful run recorded yet' };
  }
  const ageMin = (now - ok) / 60_000;
  if (ageMin > 3 * everyMinutes)
    return {
      status: 'unhealthy',
      message: `Last success ${Math.round(ageMin)} min ago (runs every ${everyMinutes} min)`,
    };
  return {
    status: 'healthy',
    message: `Last success ${ageMin < 1 ? 'under a minute' : `${Math.round(ageMin)} min`} ago${hb.lastDurationMs !== undefined ? `, took ${hb.lastDurationMs} ms` : ''}`,
  };
}

async function sweepChecks(): Promise<[string, Check][]> {
  const t0 = performance.now();
  let beats: Map<string, Heartbeat>;
  try {
    beats = await readHeartbeats();
  } catch (e) {
    return SWEEPS.map((s) => [
      `sweep:${s.name}`,
      {
        name: `Sweep ${s.name}`,
        kind: 'sweep',
        status: 'unhealthy',
        latencyMs: Math.round(performance.now() - t0),
        message: `Heartbeats unreadable: ${(e as Error).message.slice(0, 150)}`,
      },
    ]);
  }
  const latencyMs = Math.round(performance.now() - t0);
  const starts = [...beats.values()].map((b) => (b.lastStartedAt ? Date.parse(b.lastStartedAt) : NaN));
  const known = starts.filter(Number.isFinite);
  const schedulerSince = known.length ? Math.min(...known) : undefined;
  return SWEEPS.map((s) => {
    const hb = beats.get(s.name);
    return [
      `sweep:${s.name}`,
      {
        name: `Sweep ${s.name}`,
        kind: 'sweep',
        latencyMs,
        everyMinutes: s.everyMinutes,
        lastSucceededAt: hb?.lastSucceededAt ?? null,
        ...sweepVerdict(hb, s.everyMinutes, Date.now(), schedulerSince),
      },
    ];
  });
}

/**
 * SQS GetQueueAttributes through SQS's JSON protocol, signed (SigV4) with the function's own
 * credentials: the SQS client is not among the product's dependencies, and one signed POST is all
 * this needs.
 */
export async function queueDepth(queueUrl: string): Promise<number> {
  const url = new URL(queueUrl);
  const region = /^sqs\.([a-z0-9-]+)\./.exec(url.hostname)?.[1] ?? config().region;
  const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) throw new Error('No AWS credentials in the environment');
  const signer = new SignatureV4({
    service: 'sqs',
    region,
    sha256: Sha256,
    credentials: { accessKeyId, secretAccessKey, sessionToken: process.env.AWS_SESSION_TOKEN },
  });
  const body = JSON.stringify({ QueueUrl: queueUrl, AttributeNames: ['ApproximateNumberOfMessages'] });
  const signed = await signer.sign({
    method: 'POST',
    protocol: 'https:',
    hostname: url.hostname,
    path: '/',
    query: {},
    headers: {
      host: url.hostname,
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': 'AmazonSQS.GetQueueAttributes',
    },
    body,
  });
  const res = await fetch(`https://${url.hostname}/`, {
    method: 'POST',
    headers: signed.headers as Record<string, string>,
    body,
  });
  const data = (await res.json().catch(() => ({}))) as {
    Attributes?: Record<string, string>;
    message?: string;
    __type?: string;
  };
  if (!res.ok)
    throw new Error(
      `SQS answered ${res.status}${data.__type ? ` ${data.__type}` : ''}${data.message ? `: ${data.message}` : ''}`,
    );
  return Number(data.Attributes?.ApproximateNumberOfMessages ?? 0);
}

export async function queueChecks(depth = queueDepth): Promise<[string, Check][]> {
  let queues: Record<string, string> | null;
  try {
    queues = deadLetterQueues(process.env.DEAD_LETTER_QUEUES);
  } catch (e) {
    // Checked at cold start too (handler.ts); here the page says so rather than showing no queues.
    return [
      [
        'queues',
        { name: 'Dead-letter queues', kind: 'queue', status: 'unhealthy', latencyMs: 0, message: (e as Error).message },
      ],
    ];
  }
  if (!queues)
    return [
      [
        'queues',
        {
          name: 'Dead-letter queues',
          kind: 'queue',
          status: 'not-configured',
          latencyMs: 0,
          message: 'Not configured (no DEAD_LETTER_QUEUES here, e.g. locally)',
        },
      ],
    ];
  return Promise.all(
    Object.entries(queues).map(async ([name, url]): Promise<[string, Check]> => {
      const c = await probe('queue', `Dead-letter queue ${name}`, async () => {
        const messages = await depth(url);
        if (messages > 0)
          return {
            status: 'unhealthy',
            messages,
            message: `${messages} failed run${messages === 1 ? '' : 's'} waiting`,
          };
        return { messages, message: 'Empty' };
      });
      return [`queue:${name}`, c];
    }),
  );
}

export async function healthOp(opts: { queueDepth?: (url: string) => Promise<number> } = {}) {
  const [database, uploads, mail, sweeps, queues] = await Promise.all([
    probe('database', 'Database (DynamoDB table)', () =>
      db()
        .send(new GetCommand({ TableName: tableName(), Key: { pk: 'HEALTH', sk: 'PROBE' } }))
        .then(() => undefined),
    ),
    // The S3 SDK loads inside the probe (lib/files.ts, docs/decisions/0132-house-lean-bundles-fourth-pass-every-api.md), not at the platform area's cold start.
    probe('storage', 'Uploads bucket (S3)', () => headBucket()),
    mailCheck(),
    sweepChecks(),
    queueChecks(opts.queueDepth),
  ]);
  const checks: Record<string, Check> = {
    database,
    uploads,
    mail,
    ...Object.fromEntries(sweeps),
    ...Object.fromEntries(queues),
  };
  const list = Object.values(checks);
  const unhealthy = list.filter((c) => c.status === 'unhealthy').length;
  const notConfigured = list.filter((c) => c.status === 'not-configured').length;
  const pending = list.filter((c) => c.status === 'pending').length;
  const status: 'healthy' | 'degraded' | 'unhealthy' =
    database.status === 'unhealthy' ? 'unhealthy' : unhealthy ? 'degraded' : 'healthy';
  return {
    overall: status,
    status,
    summary: { healthy: list.length - unhealthy - notConfigured - pending, unhealthy, notConfigured, pending },
    checks,
    checkedAt: new Date().toISOString(),
  };
}
