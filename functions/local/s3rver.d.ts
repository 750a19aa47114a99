/** The part of s3rver 3.x (no published types) that the local runtime uses. */
declare module 's3rver' {
  import type { EventEmitter } from 'node:events';
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  class S3rver extends EventEmitter {
    constructor(options?: S3rverOptions);
    /** Koa's middleware list (S3rver extends Koa): composed when the server starts. */
    middleware: unknown[];
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
  export default S3rver;
}
