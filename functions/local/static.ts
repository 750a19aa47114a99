import { createReadStream, existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCallback } from 'node:zlib';
import { securityHeaders } from '../../shared/security-headers.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
};

/**
 * The same security headers CloudFront adds (shared/security-headers.ts), for the local origin: the
 * uploads emulator is where photos load from and post to; no HSTS over plain http.
 */
export function localSecurityHeaders(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const uploads = env.S3_ENDPOINT ? [new URL(env.S3_ENDPOINT).origin] : [];
  // {tenant}.localhost and localhost reach the same emulator under either loopback name
  const alt = uploads.map((o) => o.replace('//127.0.0.1', '//localhost')).filter((o) => !uploads.includes(o));
  return securityHeaders({ uploads: [...uploads, ...alt], https: (env.APP_BASE_URL ?? '').startsWith('https://') });
}

export const contentType = (file: string) => TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Web app not built</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>The web app has not been built yet</h1>
<p>The API is running, but there is no <code>web/dist</code> to serve.</p>
<p>Run <code>npm run build:web</code> (or use <code>npm start</code>, which builds it first, or <code>npm run dev</code> for the Vite dev server) and reload this page.</p>
</body></html>`;

/**
 * Serves the built SPA the way CloudFront + S3 do: real files as they are, hashed /assets/* cached
 * for a year, and index.html (never cached, so a new build shows at once) for every other path so
 * the client router can take it. Tenant hosts ({sub}.localhost) get the same files: the SPA reads
 * the host itself.
 */
export function serveStatic(req: IncomingMessage, res: ServerResponse, pathname: string, webDist: string): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end('Method Not Allowed');
    return;
  }
  const root = resolve(webDist);
  const index = join(root, 'index.html');
  if (!existsSync(index)) {
    res
      .writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      .end(req.method === 'HEAD' ? undefined : NOT_BUILT);
    return;
  }

  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    decoded = '/';
  }
  const candidate = resolve(root, `.${decoded}`);
  const inside = candidate === root || candidate.startsWith(root + sep);
  const isFile = inside && candidate !== root && existsSync(candidate) && statSync(candidate).isFile();

  if (isFile) {
    const immutable = decoded.startsWith('/assets/');
    sendFile(req, res, candidate, immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    return;
  }
  // A missing hashed asset is a stale page asking for an old build: HTML in its place would only break it.
  if (decoded.startsWith('/assets/')) {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }).end('Not Found');
    return;
  }
  sendFile(req, res, index, 'no-cache');
}

/**
 * CloudFront compresses what it serves (infra/web.ts: the default behaviour's `compress`, with the
 * CachingOptimized policy's gzip and brotli) when the viewer accepts it, for text types between 1,000
 * and 10,000,000 bytes; the local origin does the same, so first-load figures measured locally are the
 * ones viewers get (docs/decisions/0221-first-load-route-preload-and-compression.md). API answers stay as they are: the API behaviour does not cache,
 * so CloudFront does not compress them either.
 */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json)|image\/svg\+xml)/;
const COMPRESS_MIN_BYTES = 1_000;
const COMPRESS_MAX_BYTES = 10_000_000;
export type ContentEncoding = 'br' | 'gzip';

/** The encoding to answer with for an Accept-Encoding header: brotli before gzip (as CloudFront), q=0 refuses. */
export function pickEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qp ? Number(qp.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (enc: ContentEncoding) => (q.get(enc) ?? q.get('*') ?? 0) > 0;
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : null;
}

/**
 * Compressed bodies per file and encoding, made on first request (in zlib's thread pool: a second of
 * brotli on the event loop would stall every other answer and let idle keep-alive sockets expire under
 * a client about to reuse them) and kept while the file is unchanged (a new build has new files).
 */
const compressed = new Map<string, Promise<Buffer>>();
const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

function compressedBody(file: string, mtimeMs: number, size: number, encoding: ContentEncoding): Promise<Buffer> {
  const key = `${file}\0${mtimeMs}\0${size}\0${encoding}`;
  let body = compressed.get(key);
  if (!body) {
    for (const k of compressed.keys())
      if (k.startsWith(`${file}\0`) && k.endsWith(`\0${encoding}`)) compressed.delete(k);
    body = readFile(file).then((raw) =>
      encoding === 'br'
        ? brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: size } })
        : gzip(raw, { level: 9 }),
    );
    // A failed read or compression is not kept: the next request tries again.
    body.catch(() => compressed.delete(key));
    compressed.set(key, body);
  }
  return body;
}

function sendFile(req: IncomingMessage, res: ServerResponse, file: string, cacheControl: string): void {
  const { size, mtimeMs } = statSync(file);
  const type = contentType(file);
  const compressible = COMPRESSIBLE.test(type) && size >= COMPRESS_MIN_BYTES && size <= COMPRESS_MAX_BYTES;
  const encoding = compressible ? pickEncoding(req.headers['accept-encoding']) : null;
  if (encoding) {
    compressedBody(file, mtimeMs, size, encoding)
      .then(
        (body) => send(req, res, file, cacheControl, type, { body, encoding }),
        () => send(req, res, file, cacheControl, type, { vary: true }),
      )
      .catch(() => res.destroy());
    return;
  }
  send(req, res, file, cacheControl, type, { vary: compressible });
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  cacheControl: string,
  type: string,
  how: { body: Buffer; encoding: ContentEncoding } | { vary: boolean },
): void {
  const body = 'body' in how ? how.body : null;
  const encoding = 'encoding' in how ? how.encoding : null;
  const vary = 'vary' in how ? how.vary : true;
  const size = body ? body.length : statSync(file).size;
  res.writeHead(200, {
    ...localSecurityHeaders(),
    'content-type': type,
    'content-length': String(size),
    'cache-control': cacheControl,
    ...(vary ? { vary: 'Accept-Encoding' } : {}),
    ...(encoding ? { 'content-encoding': encoding } : {}),
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  if (body) {
    res.end(body);
    return;
  }
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}
