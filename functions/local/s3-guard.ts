import { createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import {
  type S3Credentials,
  Refusal,
  denied,
  decode,
  sameSignature,
  signingKey,
  parseQuery,
  verifyHeaderSignature,
  verifyQuerySignature,
} from './s3-signature.js';

/** s3rver's own form parser (busboy 0.3), resolved from s3rver: the form is read the way it reads it. */
const fromS3rver = createRequire(createRequire(import.meta.url).resolve('s3rver'));
type BusboyStream = NodeJS.WritableStream & {
  on(
    event: 'file',
    listener: (
      name: string,
      stream: Readable & { truncated?: boolean },
      filename: string,
      encoding: string,
      mimetype: string,
    ) => void,
  ): BusboyStream;
  on(
    event: 'field',
    listener: (name: string, value: string, nameTruncated: boolean, valueTruncated: boolean) => void,
  ): BusboyStream;
  on(event: 'finish' | 'error', listener: (e?: unknown) => void): BusboyStream;
  end(chunk: Buffer): void;
};
const Busboy = fromS3rver('busboy') as new (opts: {
  headers: Record<string, string>;
  limits: Record<string, number>;
}) => BusboyStream;

interface FormFile {
  truncated: boolean;
  content: Buffer;
}

/**
 * The local S3 emulator's door (docs/decisions/0003-accepted-files.md). s3rver 3.7.1 lets an unsigned request through
 * as anonymous, accepts any SigV4 signature whose access key it knows without computing it, and does not read a POST
 * form's policy at all: any web page could list, read and write every tenant's files. This middleware runs before all
 * of s3rver's and lets a request through only when it is signed with the runtime's own secret, the way S3 checks it:
 * - the Authorization header (SigV4, what the SDK sends), the request at most 15 minutes old;
 * - a presigned URL (SigV4 query), not expired;
 * - a browser POST form: the policy's signature, its expiration and its conditions (key, bucket,
 *   Content-Type, content-length-range, every field covered), as S3 enforces them.
 * CORS preflights (OPTIONS) carry no credentials by design; s3rver answers them from the bucket's
 * CORS rules, which name the app's origins only (s3.ts).
 * Not checked: the payload hash of a header-signed request (the body is not buffered), as s3rver.
 */

/** The part of Koa's context this middleware uses (s3rver is a Koa app; koa ships no types here). */
export interface GuardContext {
  method: string;
  req: IncomingMessage;
  headers: Record<string, string | string[] | undefined>;
  status: number;
  body: unknown;
  type: string;
  get(name: string): string;
  set(name: string, value: string): void;
  response: { get(name: string): string };
}
export type GuardMiddleware = (ctx: GuardContext, next: () => Promise<void>) => Promise<void>;

/** Above the forms' own 10 MB policy limit; a bigger body is not read to its end. */
const MAX_FORM_BYTES = 16 * 1024 * 1024;
type PolicyCondition = Record<string, string> | [string, ...unknown[]];

/**
 * A browser POST form (presigned POST, functions/lib/files.ts presignPost): the policy is signed
 * with our secret, has not expired, and every condition holds, as S3 checks it.
 */
export function verifyPostForm(
  form: Record<string, string | FormFile>,
  bucket: string,
  creds: S3Credentials,
  now = Date.now(),
): void {
  // Field names are case-insensitive for S3 (except the file's own name).
  const fields = new Map<string, string>();
  for (const [k, v] of Object.entries(form)) if (typeof v === 'string') fields.set(k.toLowerCase(), v);
  const file = form.file;
  if (!file || typeof file === 'string')
    throw new Refusal(400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
  const policyB64 = fields.get('policy');
  const credential = fields.get('x-amz-credential');
  const amzDate = fields.get('x-amz-date') ?? '';
  const signature = fields.get('x-amz-signature');
  if (fields.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256' || !policyB64 || !credential || !signature) {
    throw denied(
      'A POST form needs a policy signed with AWS4-HMAC-SHA256 (Policy, X-Amz-Algorithm, X-Amz-Credential, X-Amz-Date, X-Amz-Signature).',
    );
  }
  const key = signingKey(credential, amzDate, creds);
  const expected = createHmac('sha256', key).update(policyB64, 'utf8').digest('hex');
  if (!sameSignature(expected, signature))
    throw new Refusal(403, 'SignatureDoesNotMatch', 'The policy signature does not match.');

  let policy: { expiration?: string; conditions?: PolicyCondition[] };
  try {
    policy = JSON.parse(Buffer.from(policyB64, 'base64').toString('utf8')) as typeof policy;
  } catch {
    throw new Refusal(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
  }
  const expiration = Date.parse(policy.expiration ?? '');
  if (Number.isNaN(expiration) || now > expiration) throw denied('Invalid according to Policy: Policy expired.');

  const values = new Map(fields);
  values.set('bucket', fields.get('bucket') ?? bucket);
  if (values.get('bucket') !== bucket)
    throw denied('Invalid according to Policy: the bucket field does not match the address.');
  const covered = new Set<string>();
  const violated = (what: string) => denied(`Invalid according to Policy: Policy Condition failed: ${what}`);
  for (const c of policy.conditions ?? []) {
    if (!Array.isArray(c)) {
      for (const [k, v] of Object.entries(c)) {
        covered.add(k.toLowerCase());
        if (values.get(k.toLowerCase()) !== v) throw violated(`["eq", "$${k}", "${v}"]`);
      }
      continue;
    }
    const [op, a, b] = c;
    if (op === 'content-length-range') {
      if (typeof a !== 'number' || typeof b !== 'number')
        throw new Refusal(400, 'InvalidPolicyDocument', 'Invalid Policy: content-length-range.');
      if (file.truncated || file.content.length < a || file.content.length > b) {
        throw new Refusal(
          400,
          file.content.length < a ? 'EntityTooSmall' : 'EntityTooLarge',
          "Your proposed upload is outside the policy's content-length-range.",
        );
      }
      continue;
    }
    if ((op !== 'eq' && op !== 'starts-with') || typeof a !== 'string' || !a.startsWith('$') || typeof b !== 'string') {
      throw new Refusal(400, 'InvalidPolicyDocument', `Invalid Policy: unknown condition ${JSON.stringify(c)}.`);
    }
    const name = a.slice(1).toLowerCase();
    covered.add(name);
    const v = values.get(name) ?? '';
    if (op === 'eq' ? v !== b : !v.startsWith(b)) throw violated(JSON.stringify(c));
  }
  // S3: every field but these must be named by a condition, so a form cannot add what its signer did not allow.
  const exempt = new Set(['policy', 'x-amz-signature', 'file']);
  for (const name of fields.keys()) {
    if (!exempt.has(name) && !name.startsWith('x-ignore-') && !covered.has(name)) {
      throw denied(`Invalid according to Policy: Extra input fields: ${name}`);
    }
  }
}

/** The form's fields and its `file` part, as S3 reads them: fields after the file are ignored. */
function parseForm(contentType: string, body: Buffer): Promise<Record<string, string | FormFile>> {
  return new Promise((resolve, reject) => {
    const malformed = () =>
      new Refusal(400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.');
    const form: Record<string, string | FormFile> = Object.create(null) as Record<string, string | FormFile>;
    let fileDone: Promise<void> = Promise.resolve();
    let seenFile = false;
    let bb: BusboyStream;
    try {
      bb = new Busboy({
        headers: { 'content-type': contentType },
        limits: { fields: 40, fieldSize: 64 * 1024, files: 1, fileSize: MAX_FORM_BYTES },
      });
    } catch {
      reject(malformed());
      return;
    }
    bb.on('field', (name, value) => {
      if (!seenFile) form[name] = value;
    });
    bb.on('file', (name, stream) => {
      if (name !== 'file' || seenFile) {
        stream.resume();
        return;
      }
      seenFile = true;
      const chunks: Buffer[] = [];
      fileDone = new Promise((done) => {
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', () => done());
        stream.on('end', () => {
          form.file = { truncated: Boolean(stream.truncated), content: Buffer.concat(chunks) };
          done();
        });
      });
    });
    bb.on('error', () => reject(malformed()));
    bb.on('finish', () => void fileDone.then(() => resolve(form)));
    try {
      bb.end(body);
    } catch {
      reject(malformed());
    }
  });
}

async function readBody(req: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit)
      throw new Refusal(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function errorXml(code: string, message: string): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${esc(code)}</Code><Message>${esc(message)}</Message></Error>`;
}

/** The Koa middleware s3.ts puts in front of s3rver's own. */
export function s3Guard(creds: S3Credentials): GuardMiddleware {
  return async (ctx, next) => {
    try {
      if (ctx.method === 'OPTIONS') {
        await next();
        // s3rver answers an allowed preflight with `*` whatever the rule: name the origin it allowed.
        if (ctx.response.get('Access-Control-Allow-Origin') === '*')
          ctx.set('Access-Control-Allow-Origin', ctx.get('origin'));
        return;
      }
      const [rawPath = '/', rawQuery = ''] = (ctx.req.url ?? '/').split('?', 2);
      const hasQueryAuth = parseQuery(rawQuery).some(
        ([k]) => k === 'X-Amz-Algorithm' || k === 'X-Amz-Signature' || k === 'Signature',
      );
      if (ctx.req.headers.authorization !== undefined) {
        if (hasQueryAuth) throw new Refusal(400, 'InvalidArgument', 'Only one auth mechanism allowed.');
        verifyHeaderSignature(ctx.req, creds);
      } else if (hasQueryAuth) {
        verifyQuerySignature(ctx.req, creds);
      } else if (
        ctx.method === 'POST' &&
        /^\/[^/]+\/?$/.test(rawPath) &&
        rawQuery === '' &&
        /^multipart\/form-data/i.test(ctx.get('content-type'))
      ) {
        const body = await readBody(ctx.req, MAX_FORM_BYTES);
        const form = await parseForm(ctx.get('content-type'), body);
        verifyPostForm(form, decode(rawPath.replace(/^\/|\/$/g, '')), creds);
        // s3rver reads the form from ctx.req: hand it the bytes already read.
        ctx.req = Object.assign(Readable.from([body]), {
          headers: ctx.req.headers,
          method: ctx.req.method,
          url: ctx.req.url,
        }) as unknown as IncomingMessage;
      } else {
        throw denied('Anonymous access is not allowed: sign the request.');
      }
    } catch (e) {
      if (!(e instanceof Refusal)) throw e;
      ctx.status = e.status;
      ctx.type = 'application/xml';
      ctx.body = errorXml(e.code, e.message);
      return;
    }
    await next();
  };
}
