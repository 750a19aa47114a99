import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import S3rver from 's3rver';
import type { S3Event } from 'aws-lambda';
import { freePort } from './net.js';
import { s3Guard } from './s3-guard.js';
import type { S3Credentials } from './s3-signature.js';

/**
 * The access key id the runtime uses for every emulator. DynamoDB Local keeps one database per
 * access key id, so it stays what it always was; the secret is new on every start (s3Credentials),
 * because s3rver's own `S3RVER` secret is public and a web page could sign with it.
 */
export const LOCAL_ACCESS_KEY_ID = 'S3RVER';

/** A fresh secret for this start: only this process can sign requests to its emulator. */
export const s3Credentials = (): S3Credentials => ({
  accessKeyId: LOCAL_ACCESS_KEY_ID,
  secretAccessKey: randomBytes(24).toString('hex'),
});

/** s3rver's account registry: its own authentication step (after s3Guard) needs the key id to exist. */
const { DUMMY_ACCOUNT } = createRequire(import.meta.url)('s3rver/lib/models/account.js') as {
  DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void };
};

/**
 * The origins whose pages may read the bucket's answers: each URL the app is opened at, and its
 * tenant subdomains (TENANT_URL_MODE=subdomain, `{sub}.localhost`). s3rver takes one `*` per origin.
 */
export function appOrigins(urls: (string | undefined)[]): string[] {
  const out = new Set<string>();
  for (const u of urls) {
    if (!u) continue;
    const url = new URL(u);
    out.add(url.origin);
    out.add(`${url.protocol}//*.${url.host}`);
  }
  return [...out];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The browser POSTs uploads to presigned forms and loads photos from presigned GETs, from the app's
 * origins only (the CDK bucket lists the real ones); no other page may read an answer.
 */
function corsConfig(origins: string[]): string {
  if (!origins.length) throw new Error('startS3 needs at least one app origin for its CORS rule');
  return `<CORSConfiguration>
  <CORSRule>
${origins.map((o) => `    <AllowedOrigin>${esc(o)}</AllowedOrigin>`).join('\n')}
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;
}

/** Loopback only: nothing outside this machine should reach the emulator. */
export const S3_ADDRESS = '127.0.0.1';

export interface RunningS3 {
  endpoint: string;
  port: number;
  /** The address it listens on (loopback). */
  address: string;
  /** The only credentials it accepts: the runtime signs with these. */
  credentials: S3Credentials;
  stop(): Promise<void>;
}

/**
 * s3rver runs inside this process: its ObjectCreated notifications are in-process events, which is
 * how the local runtime stands in for the bucket → resize Lambda trigger.
 */
export async function startS3(opts: {
  directory: string;
  buckets: string[];
  /** Pages that may read its answers (CORS): appOrigins(...). */
  origins: string[];
  /** Default: s3Credentials(). */
  credentials?: S3Credentials;
  port?: number;
  onEvent?: (event: S3Event) => void;
  onError?: (error: unknown) => void;
}): Promise<RunningS3> {
  mkdirSync(opts.directory, { recursive: true });
  const port = opts.port ?? (await freePort());
  const credentials = opts.credentials ?? s3Credentials();
  DUMMY_ACCOUNT.createKeyPair(credentials.accessKeyId, credentials.secretAccessKey);
  const server = new S3rver({
    address: S3_ADDRESS,
    port,
    silent: true,
    directory: opts.directory,
    // Path-style only, like the SDK clients configured with forcePathStyle.
    vhostBuckets: false,
    configureBuckets: opts.buckets.map((name) => ({ name, configs: [corsConfig(opts.origins)] })),
  });
  // Before every middleware of s3rver's own (Koa composes `middleware` when it starts listening).
  server.middleware.unshift(s3Guard(credentials));
  // Koa logs unhandled request errors to stderr unless someone listens.
  server.on('error', (e: unknown) => opts.onError?.(e));
  if (opts.onEvent) server.on('event', opts.onEvent);
  const bound = await server.run();
  let stopped = false;
  return {
    endpoint: `http://${S3_ADDRESS}:${port}`,
    port,
    address: bound.address,
    credentials,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.close().catch(() => undefined);
    },
  };
}
