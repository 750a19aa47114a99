import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Context, S3Event } from 'aws-lambda';
import { LOCAL_MAIL_FROM, resetConfig } from '../lib/config.js';
import { resetDb } from '../lib/db.js';
import { logger } from '../lib/logger.js';
import { resetSigningKey } from '../lib/tokens.js';
import { SWEEPS, type SweepDefinition } from '../sweeps/schedules.js';
import { loadOnboarding, seedDemoOnce, type DemoTenant, type Onboarding } from './bootstrap.js';
import { ensureTable } from './create-table.js';
import { startDynamoDbLocal, type RunningDynamo } from './dynamodb-local.js';
import { createApiAdapter } from './http-adapter.js';
import { freePort } from './net.js';
import { appOrigins, startS3, type RunningS3 } from './s3.js';
import { startSes, type RunningSes } from './ses.js';
import { localSecurityHeaders, serveStatic } from './static.js';
import { scheduleSweeps, type SweepStats } from './sweeps.js';

/** The repository root, wherever the process was started from. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const REGION = 'us-east-1';

export interface LocalRuntimeOptions {
  /** HTTP port; 0 picks a free one. Default: env PORT, else 3000. */
  port?: number;
  /** Where the database, files and secrets live across restarts. Default: env DATA_DIR, else .data. */
  dataDir?: string;
  /** Seed the demo organization on the first start of this data directory (see bootstrap.ts). */
  seedDemo?: boolean;
  /** Where seeding comes from; default the auth area's onboarding (tests pass stubs). */
  onboarding?: Onboarding;
  /** Log each API request. */
  log?: boolean;
  /** The built SPA to serve. Default: web/dist. */
  webDist?: string;
  /** Run every sweep at this interval instead of its schedule (tests). */
  sweepIntervalMs?: number;
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

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolveListen, reject) => {
    const onError = (e: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(e);
    };
    const onListening = () => {
      server.off('error', onError);
      resolveListen();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((done) => {
    if (!server.listening) return done();
    server.close(() => done());
    // Keep-alive sockets and open event streams would otherwise hold close() open.
    server.closeAllConnections();
  });
}

/**
 * Hosts the product on one machine: DynamoDB Local, s3rver and the SES emulator, the area handlers
 * behind an API Gateway-shaped HTTP adapter, the built SPA and the sweeps. The server only listens
 * once every emulator answers, so a 200 from /api/health means the whole stack is ready.
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

  const stoppers: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    while (stoppers.length)
      await stoppers.pop()!().catch((e: unknown) => log.warn('stop failed', { error: e as Error }));
  };

  // Photo uploads → the resize Lambda, as the bucket notification does in AWS.
  const resizeEntry = opts.resizeEntry ?? join(REPO_ROOT, 'functions/uploads/resize.ts');
  const pendingUploads = new Set<Promise<void>>();
  const onS3Event = (event: S3Event) => {
    const records = (event.Records ?? []).filter(
      (r) =>
        r.eventName?.startsWith('ObjectCreated') && decodeURIComponent(r.s3?.object?.key ?? '').includes('/photos/'),
    );
    if (!records.length || !existsSync(resizeEntry)) return;
    const job = (async () => {
      try {
        const mod = (await import(pathToFileURL(resizeEntry).href)) as {
          handler?: (e: S3Event, c: Context) => Promise<unknown>;
        };
        if (typeof mod.handler !== 'function') throw new Error(`${resizeEntry} exports no handler`);
        await mod.handler({ Records: records }, {
          awsRequestId: `s3-${Date.now()}`,
          functionName: 'local-resize',
          getRemainingTimeInMillis: () => 60_000,
        } as unknown as Context);
      } catch (e) {
        log.error('resize handler failed', { error: e as Error, keys: records.map((r) => r.s3.object.key) });
      }
    })();
    pendingUploads.add(job);
    void job.finally(() => pendingUploads.delete(job));
  };

  let dynamo: RunningDynamo;
  let s3: RunningS3;
  let ses: RunningSes;
  try {
    const [d, s, m] = await Promise.allSettled([
      startDynamoDbLocal({
        dataDir: join(dataDir, 'dynamodb'),
        port: opts.dynamoPort ?? envPort('DYNAMODB_PORT'),
        progress: opts.log ? (line) => process.stdout.write(`${line}\n`) : undefined,
      }),
      startS3({
        directory: join(dataDir, 's3'),
        buckets: [uploadsBucket],
        origins: appOrigins([`http://localhost:${port}`, opts.appBaseUrl]),
        port: opts.s3Port ?? envPort('S3_PORT'),
        onEvent: onS3Event,
        onError: (e) => log.debug('s3 emulator request error', { error: e as Error }),
      }),
      startSes({ port: opts.sesPort ?? envPort('SES_PORT') }),
    ]);
    for (const r of [d, s, m]) if (r.status === 'fulfilled') stoppers.push(r.value.stop);
    const failed = [d, s, m].find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    dynamo = (d as PromiseFulfilledResult<RunningDynamo>).value;
    s3 = (s as PromiseFulfilledResult<RunningS3>).value;
    ses = (m as PromiseFulfilledResult<RunningSes>).value;

    // The handlers read these once; they must be in place before the first handler loads.
    delete process.env.AWS_SESSION_TOKEN;
    delete process.env.AWS_PROFILE;
    Object.assign(process.env, {
      TABLE_NAME: tableName,
      AWS_REGION: REGION,
      AWS_DEFAULT_REGION: REGION,
      // The pair the S3 emulator accepts (its secret new on every start); never real credentials.
      AWS_ACCESS_KEY_ID: s3.credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      S3_ENDPOINT: s3.endpoint,
      SES_ENDPOINT: ses.endpoint,
      UPLOADS_BUCKET: uploadsBucket,
      MAIL_FROM: process.env.MAIL_FROM || LOCAL_MAIL_FROM,
      APP_BASE_URL: opts.appBaseUrl ?? `http://localhost:${port}`,
      TENANT_URL_MODE: 'subdomain',
      TOKEN_SIGNING_KEY: tokenKey,
      DATA_ENCRYPTION_KEY: dataKey,
    });
    resetConfig();
    resetDb();
    resetSigningKey();

    await ensureTable(
      new DynamoDBClient({ endpoint: dynamo.endpoint, region: REGION, credentials: s3.credentials }),
      tableName,
    );
  } catch (e) {
    await stopAll();
    throw e;
  }

  const api = createApiAdapter({
    root: REPO_ROOT,
    onError: (message, error) => log.error(message, { error: error as Error }),
    onResponse: opts.log
      ? (info) => log.info(`${info.method} ${info.path} ${info.status} ${info.ms}ms`, info)
      : undefined,
  });

  // A throw anywhere in answering one request is a 500 for that request alone (docs/decisions/multipart-and-availability.md).
  const failed = (res: ServerResponse, e: unknown) => {
    log.error('request failed', { error: e as Error });
    if (!res.headersSent)
      res
        .writeHead(500, { 'content-type': 'application/json; charset=utf-8' })
        .end(
          JSON.stringify({ error: 'InternalError', message: 'Something went wrong on our side. Please try again.' }),
        );
    else res.destroy();
  };
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    try {
      answer(req, res);
    } catch (e) {
      failed(res, e);
    }
  };
  const answer = (req: IncomingMessage, res: ServerResponse) => {
    // The security headers CloudFront adds in production (shared/security-headers.ts), on every answer.
    for (const [name, value] of Object.entries(localSecurityHeaders())) res.setHeader(name, value);
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      res.writeHead(400).end();
      return;
    }
    const p = url.pathname;
    if (p === '/api' || p.startsWith('/api/') || p === '/public' || p.startsWith('/public/')) {
      api(req, res, url).catch((e: unknown) => failed(res, e));
      return;
    }
    serveStatic(req, res, p, webDist);
  };

  // Both loopback families: browsers resolve localhost and {sub}.localhost to either, and nothing
  // outside this machine should reach a development server.
  try {
    const v4 = createServer(onRequest);
    await listen(v4, port, '127.0.0.1').catch((e: NodeJS.ErrnoException) => {
      throw e.code === 'EADDRINUSE'
        ? new Error(`Port ${port} is already in use: stop what runs there or set PORT to another port.`)
        : e;
    });
    stoppers.push(() => closeServer(v4));
    const v6 = createServer(onRequest);
    await listen(v6, port, '::1').then(
      () => {
        stoppers.push(() => closeServer(v6));
      },
      (e: NodeJS.ErrnoException) => log.debug('no IPv6 loopback listener', { code: e.code }),
    );
  } catch (e) {
    await stopAll();
    throw e;
  }

  // Last resort: an error thrown outside any request's reach (a stream event nobody listens to, a
  // rejected promise nobody awaits) is logged and the server keeps serving every tenant. The causes
  // are fixed where they arise (functions/lib/middlewares/multipart.ts); this keeps one bug in one
  // handler from taking the app, the API and the emulators down together.
  const lastResort = (error: unknown) =>
    log.error('uncaught error: the local runtime keeps serving', { error: error as Error });
  process.on('uncaughtException', lastResort);
  process.on('unhandledRejection', lastResort);
  stoppers.push(async () => {
    process.off('uncaughtException', lastResort);
    process.off('unhandledRejection', lastResort);
  });

  const scheduler = scheduleSweeps(opts.sweeps ?? SWEEPS, {
    root: REPO_ROOT,
    intervalMs: opts.sweepIntervalMs,
    onError: (name, error) => log.error('sweep failed', { sweep: name, error: error as Error }),
    onRun: (name, result) => log.debug('sweep ran', { sweep: name, result: result as Record<string, unknown> }),
  });
  stoppers.push(async () => scheduler.stop());

  // A crash or process.exit must not leave java or the SES emulator running.
  const killChildren = () => {
    for (const c of [dynamo.process]) if (c.exitCode === null) c.kill('SIGTERM');
    if (ses.pid !== undefined) {
      try {
        process.kill(ses.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    }
  };
  process.once('exit', killChildren);

  let demo: LocalRuntime['demo'];
  if (opts.seedDemo) {
    try {
      demo = await seedDemoOnce(dataDir, opts.onboarding ?? (await loadOnboarding()));
    } catch (e) {
      // A broken seed must not keep the product from starting; the next start tries again.
      log.error('could not seed the demo organization', { error: e as Error });
    }
  }

  let stopping: Promise<void> | undefined;
  return {
    demo,
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
      while (pendingUploads.size) await Promise.all([...pendingUploads]);
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
