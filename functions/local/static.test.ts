import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickEncoding, serveStatic } from './static.js';

const dist = mkdtempSync(join(tmpdir(), 'static-'));
const js = `export const words = ${JSON.stringify('lorem ipsum '.repeat(400))};\n`;
let server: Server;
let port = 0;

beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), `<!doctype html><title>t</title>${'<p>x</p>'.repeat(200)}`);
  writeFileSync(join(dist, 'assets', 'app-1.js'), js);
  writeFileSync(join(dist, 'assets', 'tiny-1.js'), 'export {};');
  writeFileSync(join(dist, 'assets', 'pic-1.png'), Buffer.alloc(5000, 7));
  server = createServer((req, res) => serveStatic(req, res, new URL(req.url!, 'http://x').pathname, dist));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(dist, { recursive: true, force: true });
});

function get(path: string, acceptEncoding?: string, method = 'GET') {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(
      { port, host: '127.0.0.1', path, method, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the local origin compresses as CloudFront does (docs/decisions/0221-first-load-route-preload-and-compression.md)', () => {
  it('answers brotli when accepted, else gzip, else the file as it is; always varying on Accept-Encoding', async () => {
    const br = await get('/assets/app-1.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(js.length / 4);
    expect(brotliDecompressSync(br.body).toString()).toBe(js);

    const gz = await get('/assets/app-1.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(js);

    const plain = await get('/assets/app-1.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body.toString()).toBe(js);
  });

  it('compresses the SPA fallback (index.html for a client route) too, and HEAD gives the compressed length', async () => {
    const page = await get('/dashboard', 'br');
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.body).toString()).toContain('<title>t</title>');
    const head = await get('/dashboard', 'br', 'HEAD');
    expect(head.headers['content-length']).toBe(String(page.body.length));
  });

  it('leaves images and files under 1,000 bytes alone', async () => {
    expect((await get('/assets/pic-1.png', 'br')).headers['content-encoding']).toBeUndefined();
    const tiny = await get('/assets/tiny-1.js', 'br');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('export {};');
  });

  it('reads q-values: q=0 refuses an encoding, * stands for the others', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('gzip;q=0')).toBeNull();
  });
});
