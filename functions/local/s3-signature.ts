import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** AWS Signature V4 as S3 checks it, for the local S3 guard (./s3-guard.ts): header-signed and presigned requests. */

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

const MAX_SKEW_MS = 15 * 60 * 1000;
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;

export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
export const denied = (message: string) => new Refusal(403, 'AccessDenied', message);

const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
export const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new Refusal(400, 'InvalidURI', 'Could not parse the specified URI.');
  }
};
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');

export function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** `20250101T120000Z` → epoch ms, or NaN. */
function amzDateMs(v: string | undefined): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(v ?? '');
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : Number.NaN;
}

/** `AKID/20250101/us-east-1/s3/aws4_request` → the secret's signing key, if the key id is ours. */
export function signingKey(credential: string, amzDate: string, creds: S3Credentials): Buffer {
  const [accessKeyId, day, region, service, terminator, ...rest] = credential.split('/');
  if (!accessKeyId || !day || !region || !service || terminator !== 'aws4_request' || rest.length) {
    throw new Refusal(400, 'AuthorizationHeaderMalformed', 'The credential scope is malformed.');
  }
  if (accessKeyId !== creds.accessKeyId)
    throw new Refusal(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  if (day !== amzDate.slice(0, 8) || service !== 's3')
    throw denied('The credential scope does not match the request date or service.');
  return hmac(hmac(hmac(hmac(`AWS4${creds.secretAccessKey}`, day), region), service), 'aws4_request');
}

function canonicalRequest(
  req: IncomingMessage,
  rawPath: string,
  query: [string, string][],
  signedHeaders: string,
  payloadHash: string,
): string {
  const uri = rawPath
    .split('/')
    .map((seg) => rfc3986(decode(seg)))
    .join('/');
  const q = query
    .map(([k, v]) => [rfc3986(k), rfc3986(v)] as const)
    .sort(([ka, va], [kb, vb]) => (ka < kb ? -1 : ka > kb ? 1 : va < vb ? -1 : va > vb ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const names = signedHeaders.split(';');
  if (!names.includes('host')) throw denied('The host header must be signed.');
  const headers = names
    .map((n) => {
      const v = req.headers[n];
      return `${n}:${(Array.isArray(v) ? v.join(',') : (v ?? '')).trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  return [req.method ?? 'GET', uri, q, headers, signedHeaders, payloadHash].join('\n');
}

function checkSignature(key: Buffer, amzDate: string, credential: string, canonical: string, provided: string): void {
  const scope = credential.split('/').slice(1).join('/');
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonical)].join('\n');
  const expected = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
  if (!sameSignature(expected, provided)) {
    throw new Refusal(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
  }
}

export function parseQuery(raw: string): [string, string][] {
  return raw
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const i = pair.indexOf('=');
      return i < 0 ? [decode(pair), ''] : [decode(pair.slice(0, i)), decode(pair.slice(i + 1))];
    });
}

/** A request signed in its Authorization header (what the SDK clients send). */
export function verifyHeaderSignature(req: IncomingMessage, creds: S3Credentials, now = Date.now()): void {
  const auth = String(req.headers.authorization ?? '');
  const m = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/.exec(
    auth,
  );
  if (!m) throw denied('Only AWS4-HMAC-SHA256 signatures are accepted.');
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const at = amzDateMs(amzDate);
  if (Number.isNaN(at)) throw denied('AWS authentication requires a valid x-amz-date header.');
  if (Math.abs(now - at) > MAX_SKEW_MS)
    throw new Refusal(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
    );
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (!payloadHash)
    throw new Refusal(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
  const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split('?', 2);
  const key = signingKey(m[1]!, amzDate, creds);
  checkSignature(key, amzDate, m[1]!, canonicalRequest(req, rawPath, parseQuery(rawQuery), m[2]!, payloadHash), m[3]!);
}

/** A presigned URL (SigV4 in the query string): the presigned GETs handed to browsers, for instance. */
export function verifyQuerySignature(req: IncomingMessage, creds: S3Credentials, now = Date.now()): void {
  const [rawPath = '/', rawQuery = ''] = (req.url ?? '/').split('?', 2);
  const query = parseQuery(rawQuery);
  const param = (name: string) => query.find(([k]) => k === name)?.[1];
  if (param('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') throw denied('X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
  const credential = param('X-Amz-Credential');
  const amzDate = param('X-Amz-Date') ?? '';
  const signedHeaders = param('X-Amz-SignedHeaders');
  const signature = param('X-Amz-Signature');
  const expires = Number(param('X-Amz-Expires'));
  if (
    !credential ||
    !signedHeaders ||
    !signature ||
    !Number.isInteger(expires) ||
    expires < 0 ||
    expires > MAX_PRESIGN_SECONDS
  ) {
    throw denied(
      'Query-string authentication requires X-Amz-Credential, X-Amz-Date, X-Amz-Expires, X-Amz-SignedHeaders and X-Amz-Signature.',
    );
  }
  const at = amzDateMs(amzDate);
  if (Number.isNaN(at)) throw denied('X-Amz-Date must be in the ISO8601 Long Format');
  if (now > at + expires * 1000) throw denied('Request has expired');
  const key = signingKey(credential, amzDate, creds);
  const payloadHash = param('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
  const unsigned = query.filter(([k]) => k !== 'X-Amz-Signature');
  checkSignature(
    key,
    amzDate,
    credential,
    canonicalRequest(req, rawPath, unsigned, signedHeaders, payloadHash),
    signature,
  );
}
