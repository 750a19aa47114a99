/** The steps `startLocalRuntime` (runtime.ts) takes, each on its own: emulators, environment, HTTP, guards. */
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Context, S3Event } from 'aws-lambda';
import { LOCAL_MAIL_FROM, resetConfig } from '../lib/config.js';
import { resetDb } from '../lib/db.js';
import { logger } from '../lib/logger.js';
import { resetSigningKey } from '../lib/tokens.js';
import { ensureTable } from './create-table.js';
import { startDynamoDbLocal, type RunningDynamo } from './dynamodb-local.js';
import { createApiAdapter } from './http-adapter.js';
import { appOrigins, startS3, type RunningS3 } from './s3.js';
import { startSes, type RunningSes } from './ses.js';
import { localSecurityHeaders, serveStatic } from './static.js';

export const REGION = 'us-east-1';
const log = logger.createChild({ serviceName: 'local-runtime' });

/** What to undo on stop, last started first. */
export type Stoppers = (() => Promise<void>)[];

/** Photo uploads → the resize Lambda, as the bucket notification does in AWS. */
export function resizeOnUpload(resizeEntry: string) {
  const pending = new Set<Promise<void>>();
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
    pending.add(job);
    void job.finally(() => pending.delete(job));
  };
  return { onS3Event, pending };
}

/** DynamoDB Local, the S3 and the SES emulators, started together; each started one is pushed to `stoppers`. */
export async function startEmulators(
  o: {
    dataDir: string;
    uploadsBucket: string;
    /** The app's URLs, whose pages may read the bucket's answers. */
    appUrls: (string | undefined)[];
    dynamoPort?: number;
    s3Port?: number;
    sesPort?: number;
    progress?: (line: string) => void;
    onS3Event: (event: S3Event) => void;
  },
  stoppers: Stoppers,
): Promise<{ dynamo: RunningDynamo; s3: RunningS3; ses: RunningSes }> {
  const [d, s, m] = await Promise.allSettled([
    startDynamoDbLocal({ dataDir: join(o.dataDir, 'dynamodb'), port: o.dynamoPort, progress: o.progress }),
    startS3({
      directory: join(o.dataDir, 's3'),
      buckets: [o.uploadsBucket],
      origins: appOrigins(o.appUrls),
      port: o.s3Port,
      onEvent: o.onS3Event,
      onError: (e) => log.debug('s3 emulator request error', { error: e as Error }),
    }),
    startSes({ port: o.sesPort }),
  ]);
  for (const r of [d, s, m]) if (r.status === 'fulfilled') stoppers.push(r.value.stop);
  const failed = [d, s, m].find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return {
    dynamo: (d as PromiseFulfilledResult<RunningDynamo>).value,
    s3: (s as PromiseFulfilledResult<RunningS3>).value,
    ses: (m as PromiseFulfilledResult<RunningSes>).value,
  };
}

/**
 * Points the handlers at the emulators and creates the table. The handlers read these once; they
 * must be in place before the first handler loads.
 */
export async function pointHandlersAtEmulators(
  e: { dynamo: RunningDynamo; s3: RunningS3; ses: RunningSes },
  o: { tableName: string; uploadsBucket: string; appBaseUrl: string; tokenKey: string; dataKey: string },
): Promise<void> {
  delete process.env.AWS_SESSION_TOKEN;
  delete process.env.AWS_PROFILE;
  Object.assign(process.env, {
    TABLE_NAME: o.tableName,
    AWS_REGION: REGION,
    AWS_DEFAULT_REGION: REGION,
    // The pair the S3 emulator accepts (its secret new on every start); never real credentials.
    AWS_ACCESS_KEY_ID: e.s3.credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: e.s3.credentials.secretAccessKey,
    DYNAMODB_ENDPOINT: e.dynamo.endpoint,
    S3_ENDPOINT: e.s3.endpoint,
    SES_ENDPOINT: e.ses.endpoint,
    UPLOADS_BUCKET: o.uploadsBucket,
    MAIL_FROM: process.env.MAIL_FROM || LOCAL_MAIL_FROM,
    APP_BASE_URL: o.appBaseUrl,
    TENANT_URL_MODE: 'subdomain',
    TOKEN_SIGNING_KEY: o.tokenKey,
    DATA_ENCRYPTION_KEY: o.dataKey,
    // Webhooks to http://localhost and http://127.0.0.1 for development (R-SET-10).
    WEBHOOKS_ALLOW_LOCAL: '1',
  });
  resetConfig();
  resetDb();
  resetSigningKey();
  await ensureTable(
    new DynamoDBClient({ endpoint: e.dynamo.endpoint, region: REGION, credentials: e.s3.credentials }),
    o.tableName,
  );
}

/** Answers one HTTP request: /api and /public to the area handlers, anything else from the built SPA. */
/** What the API answers while start-up work (seeding, the platform administrator) is still running. */
const STARTING_BODY = JSON.stringify({
  error: 'Starting',
  message: 'The product is still starting. Try again in a moment.',
});

export function requestListener(o: { root: string; webDist: string; log: boolean; isReady?: () => boolean }) {
  const api = createApiAdapter({
    root: o.root,
    onError: (message, error) => log.error(message, { error: error as Error }),
    onResponse: o.log ? (info) => log.info(`${info.method} ${info.path} ${info.status} ${info.ms}ms`, info) : undefined,
  });

  // A throw anywhere in answering one request is a 500 for that request alone (docs/decisions/0005-multipart-and-availability.md).
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
      // Ready means ready (R-PLAT-14): no answer, health included, before start-up work is done.
      if (o.isReady && !o.isReady()) {
        res
          .writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '1' })
          .end(STARTING_BODY);
        return;
      }
      api(req, res, url).catch((e: unknown) => failed(res, e));
      return;
    }
    serveStatic(req, res, p, o.webDist);
  };
  return (req: IncomingMessage, res: ServerResponse) => {
    try {
      answer(req, res);
    } catch (e) {
      failed(res, e);
    }
  };
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
 * Both loopback families: browsers resolve localhost and {sub}.localhost to either, and nothing
 * outside this machine should reach a development server.
 */
export async function listenOnLoopback(
  onRequest: (req: IncomingMessage, res: ServerResponse) => void,
  port: number,
  stoppers: Stoppers,
): Promise<void> {
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
}

/**
 * Last resort: an error thrown outside any request's reach (a stream event nobody listens to, a
 * rejected promise nobody awaits) is logged and the server keeps serving every tenant. The causes
 * are fixed where they arise (functions/lib/middlewares/multipart.ts); this keeps one bug in one
 * handler from taking the app, the API and the emulators down together.
 */
export function keepServingOnUncaught(stoppers: Stoppers): void {
  const lastResort = (error: unknown) =>
    log.error('uncaught error: the local runtime keeps serving', { error: error as Error });
  process.on('uncaughtException', lastResort);
  process.on('unhandledRejection', lastResort);
  stoppers.push(async () => {
    process.off('uncaughtException', lastResort);
    process.off('unhandledRejection', lastResort);
  });
}

/** A crash or process.exit must not leave java or the SES emulator running: returns the exit listener. */
export function killChildrenOnExit(dynamo: RunningDynamo, ses: RunningSes): () => void {
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
  return killChildren;
}
