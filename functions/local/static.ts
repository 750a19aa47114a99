import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
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

function sendFile(req: IncomingMessage, res: ServerResponse, file: string, cacheControl: string): void {
  const size = statSync(file).size;
  res.writeHead(200, {
    ...localSecurityHeaders(),
    'content-type': contentType(file),
    'content-length': String(size),
    'cache-control': cacheControl,
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}
