import { createHash, createHmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';

/** node:crypto behind the hash interface SignatureV4 asks for (no @aws-crypto package needed). */
export class Sha256 {
  private h;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.h =
      secret === undefined
        ? createHash('sha256')
        : createHmac('sha256', typeof secret === 'string' ? secret : Buffer.from(secret as Uint8Array));
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.h.update(typeof data === 'string' ? data : Buffer.from(data as Uint8Array));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.h.digest());
  }
  reset(): void {
    throw new Error('not used');
  }
}

/**
 * One AWS API call signed (SigV4) with the function's own credentials from its environment, for
 * the few calls whose SDK client is not among the product's dependencies (one request does not
 * justify a client package).
 */
export async function signedFetch(
  service: string,
  region: string,
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: string },
): Promise<Response> {
  const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) throw new Error('No AWS credentials in the environment');
  const signer = new SignatureV4({
    service,
    region,
    sha256: Sha256,
    credentials: { accessKeyId, secretAccessKey, sessionToken: process.env.AWS_SESSION_TOKEN },
  });
  const u = new URL(url);
  const signed = await signer.sign({
    method: init.method,
    protocol: u.protocol,
    hostname: u.hostname,
    path: u.pathname,
    query: Object.fromEntries(u.searchParams),
    headers: { host: u.hostname, ...init.headers },
    body: init.body,
  });
  return fetch(url, { method: init.method, headers: signed.headers as Record<string, string>, body: init.body });
}
