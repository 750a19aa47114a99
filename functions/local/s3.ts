import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';
import type { S3Event } from 'aws-lambda';
import { freePort } from './net.js';

/** s3rver only accepts its own account; the runtime sets these as the process-wide AWS credentials. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/**
 * The browser PUTs photos straight to presigned URLs, from localhost and from {sub}.localhost, so
 * the local bucket answers CORS for any origin (the CDK bucket lists the real origins).
 */
const LOCAL_CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export interface RunningS3 {
  endpoint: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * s3rver runs inside this process: its ObjectCreated notifications are in-process events, which is
 * how the local runtime stands in for the bucket → resize Lambda trigger.
 */
export async function startS3(opts: {
  directory: string;
  buckets: string[];
  port?: number;
  onEvent?: (event: S3Event) => void;
  onError?: (error: unknown) => void;
}): Promise<RunningS3> {
  mkdirSync(opts.directory, { recursive: true });
  const port = opts.port ?? (await freePort());
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory: opts.directory,
    // Path-style only, like the SDK clients configured with forcePathStyle.
    vhostBuckets: false,
    configureBuckets: opts.buckets.map((name) => ({ name, configs: [LOCAL_CORS] })),
  });
  // Koa logs unhandled request errors to stderr unless someone listens.
  server.on('error', (e: unknown) => opts.onError?.(e));
  if (opts.onEvent) server.on('event', opts.onEvent);
  await server.run();
  let stopped = false;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.close().catch(() => undefined);
    },
  };
}
