import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { logger } from '../lib/logger.js';
import { SWEEPS, type SweepDefinition } from '../lib/sweep-schedules.js';
import {
  type AdminResult,
  ensureAdminFromEnv,
  loadOnboarding,
  seedDemoOnce,
  type DemoTenant,
  type Onboarding,
} from './bootstrap.js';
import { freePort } from './net.js';
import {
  keepServingOnUncaught,
  killChildrenOnExit,
  listenOnLoopback,
  requestListener,
  resizeOnUpload,
  startEmulators,
  type Stoppers,
  pointHandlersAtEmulators,
} from './runtime-steps.js';
import { scheduleSweeps, type SweepStats } from './sweeps.js';
import { pollWebhooksLocally } from './webhook-poller.js';

/** The repository root, wherever the process was started from. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface LocalRuntimeOptions {
  /** HTTP port; 0 picks a free one. Default: env PORT, else 3000. */
  port?: number;
  /** Where the database, files and secrets live across restarts. Default: env DATA_DIR, else .data. */
  dataDir?: string;
  /** Seed the demo organization on the first start of this data directory (see bootstrap.ts). */
  seedDemo?: boolean;
  /** Create or update the platform administrator from the environment (bootstrap.ts) before answering. */
  platformAdmin?: boolean;
  /** Where seeding comes from; default the auth area's onboarding (tests pass stubs). */
  onboarding?: Onboarding;
  /** Log each API request. */
  log?: boolean;
  /** The built SPA to serve. Default: web/dist. */
  webDist?: string;
  /** Run every sweep at this interval instead of its schedule (tests). */
  sweepIntervalMs?: number;
  /** How often the webhook worker polls (default 1 s). */
  webhookPollMs?: number;
  /** Replace the declared sweeps (tests). */
  sweeps?: readonly SweepDefinition[];
  /** Module exporting the resize Lambda `handler`. Default: functions/uploads/resize.ts when present. */
  resizeEntry?: string;
  /** Emulator ports; default env DYNAMODB_PORT / S3_PORT / SES_PORT, else free ones. */
  dynamoPort?: number;
  s3Port?: number;
  sesPort?: number;
  tableName?: string;
  /** Where people open the app, for links in mail (APP_BASE_URL). Default: this server's URL; `npm run dev` passes Vite's. */
  appBaseUrl?: string;
}

export interface LocalRuntime {
  url: string;
  port: number;
  dataDir: string;
  /** SES emulator: GET for the caught mail, POST {sesEndpoint}/clear-store to empty it. */
  inboxUrl: string;
  dynamoEndpoint: string;
  s3Endpoint: string;
  sesEndpoint: string;
  tableName: string;
  uploadsBucket: string;
  sweeps: Record<string, SweepStats>;
  /** With seedDemo: the demo organization's sign-in, and whether this start created it. */
  demo?: { demo: DemoTenant; firstTime: boolean };
  /** With platformAdmin: who the platform administrator is, and a generated password to show once. */
  admin?: AdminResult;
  runSweep(name: string): Promise<void>;
  /** Resolves once every photo notification raised so far has been handled (tests). */
  settleUploads(): Promise<void>;
  stop(): Promise<void>;
}

const log = logger.createChild({ serviceName: 'local-runtime' });

function envPort(name: string): number | undefined {
  const v = process.env[name];
  if (!v) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name} must be a port number, got "${v}"`);
  return n;
}

/**
 * One signing key per data directory, so sessions survive a restart of `npm start`; a
 * TOKEN_SIGNING_KEY in the environment wins.
 */
function signingKey(dataDir: string): string {
  const fromEnv = process.env.TOKEN_SIGNING_KEY;
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('TOKEN_SIGNING_KEY must be at least 32 characters');
    return fromEnv;
  }
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { tokenSigningKey?: string };
    if (saved.tokenSigningKey && saved.tokenSigningKey.length >= 32) return saved.tokenSigningKey;
  }
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, JSON.stringify({ tokenSigningKey: key }, null, 2) + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}

/** The employees area's field-encryption key (functions/users/crypto.ts), kept beside the signing key. */
function dataEncryptionKey(dataDir: string): string {
  if (process.env.DATA_ENCRYPTION_KEY) return process.env.DATA_ENCRYPTION_KEY;
  const file = join(dataDir, 'secrets.json');
  const saved = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  if (saved.dataEncryptionKey && saved.dataEncryptionKey.length >= 32) return saved.dataEncryptionKey;
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, JSON.stringify({ ...saved, dataEncryptionKey: key }, null, 2) + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}

/**
 * Hosts the product on one machine: DynamoDB Local, s3rver and the SES emulator, the area handlers
 * behind an API Gateway-shaped HTTP adapter, the built SPA and the sweeps. The server only listens
 * once every emulator answers, and the API answers 503 until the demo seed and the platform
 * administrator are done, so a 200 from /api/health means a first sign-in works (R-PLAT-14).
 */
export async function startLocalRuntime(opts: LocalRuntimeOptions = {}): Promise<LocalRuntime> {
  const dataDir = resolve(opts.dataDir ?? process.env.DATA_DIR ?? '.data');
  mkdirSync(dataDir, { recursive: true });
  const webDist = resolve(opts.webDist ?? join(REPO_ROOT, 'web/dist'));
  const tableName = opts.tableName ?? process.env.TABLE_NAME ?? 'rental-back-office';
  const uploadsBucket = process.env.UPLOADS_BUCKET || 'uploads';
  const tokenKey = signingKey(dataDir);
  const dataKey = dataEncryptionKey(dataDir);
  const requestedPort = opts.port ?? envPort('PORT') ?? 3000;
  const port = requestedPort === 0 ? await freePort() : requestedPort;

  const stoppers: Stoppers = [];
  let ready = false;
  const stopAll = async () => {
    while (stoppers.length)
      await stoppers.pop()!().catch((e: unknown) => log.warn('stop failed', { error: e as Error }));
  };
  const uploads = resizeOnUpload(opts.resizeEntry ?? join(REPO_ROOT, 'functions/uploads/resize.ts'));

  let emulators: Awaited<ReturnType<typeof startEmulators>>;
  try {
    emulators = await startEmulators(
      {
        dataDir,
        uploadsBucket,
        appUrls: [`http://localhost:${port}`, opts.appBaseUrl],
        dynamoPort: opts.dynamoPort ?? envPort('DYNAMODB_PORT'),
        s3Port: opts.s3Port ?? envPort('S3_PORT'),
        sesPort: opts.sesPort ?? envPort('SES_PORT'),
        progress: opts.log ? (line) => process.stdout.write(`${line}\n`) : undefined,
        onS3Event: uploads.onS3Event,
      },
      stoppers,
    );
    await pointHandlersAtEmulators(emulators, {
      tableName,
      uploadsBucket,
      appBaseUrl: opts.appBaseUrl ?? `http://localhost:${port}`,
      tokenKey,
      dataKey,
    });
    await listenOnLoopback(
      requestListener({ root: REPO_ROOT, webDist, log: !!opts.log, isReady: () => ready }),
      port,
      stoppers,
    );
  } catch (e) {
    await stopAll();
    throw e;
  }
  const { dynamo, s3, ses } = emulators;
  keepServingOnUncaught(stoppers);

  const scheduler = scheduleSweeps(opts.sweeps ?? SWEEPS, {
    root: REPO_ROOT,
    intervalMs: opts.sweepIntervalMs,
    onError: (name, error) => log.error('sweep failed', { sweep: name, error: error as Error }),
    onRun: (name, result) => log.debug('sweep ran', { sweep: name, result: result as Record<string, unknown> }),
  });
  stoppers.push(async () => scheduler.stop());
  // Webhooks (R-SET-10): the worker polled, where AWS has the table's stream and a queue.
  const stopWebhooks = pollWebhooksLocally({
    intervalMs: opts.webhookPollMs,
    onError: (error) => log.error('webhook poll failed', { error: error as Error }),
  });
  stoppers.push(async () => stopWebhooks());
  const killChildren = killChildrenOnExit(dynamo, ses);

  let demo: LocalRuntime['demo'];
  let admin: AdminResult | undefined;
  try {
    const onboarding = opts.seedDemo || opts.platformAdmin ? (opts.onboarding ?? (await loadOnboarding())) : undefined;
    if (opts.seedDemo && onboarding) {
      try {
        demo = await seedDemoOnce(dataDir, onboarding);
      } catch (e) {
        // A broken seed must not keep the product from starting; the next start tries again.
        log.error('could not seed the demo organization', { error: e as Error });
      }
    }
    if (opts.platformAdmin && onboarding) admin = await ensureAdminFromEnv(dataDir, onboarding);
  } finally {
    ready = true;
  }

  let stopping: Promise<void> | undefined;
  return {
    demo,
    admin,
    url: `http://localhost:${port}`,
    port,
    dataDir,
    inboxUrl: ses.inboxUrl,
    dynamoEndpoint: dynamo.endpoint,
    s3Endpoint: s3.endpoint,
    sesEndpoint: ses.endpoint,
    tableName,
    uploadsBucket,
    sweeps: scheduler.stats,
    runSweep: (name) => scheduler.runNow(name),
    settleUploads: async () => {
      while (uploads.pending.size) await Promise.all([...uploads.pending]);
    },
    stop: () => {
      stopping ??= (async () => {
        await stopAll();
        process.off('exit', killChildren);
      })();
      return stopping;
    },
  };
}
