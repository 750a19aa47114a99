import { spawn } from 'node:child_process';
import type { BenchMeasure } from './types.js';

const FLOOD_REQUESTS = 400;
const FLOOD_BODY_BYTES = 6 * 1024 * 1024;

/**
 * The flood runs in a child process, as an attacker's machine would: in the bench's own process its
 * writes would compete with the server for the same event loop and measure the client, not the server.
 */
const FLOOD_SCRIPT = `
const { request } = require('node:http');
const [url, count, bytes] = process.argv.slice(1);
const chunk = Buffer.alloc(64 * 1024, 0x20);
const one = () => new Promise((resolve) => {
  const headers = { 'content-type': 'application/json', 'content-length': bytes };
  const req = request(url + '/api/auth/login', { method: 'POST', headers });
  req.on('response', (res) => { res.resume(); res.on('end', resolve); });
  req.on('error', resolve);
  let sent = 0;
  const write = () => {
    while (sent < Number(bytes)) { sent += chunk.length; if (!req.write(chunk)) return void req.once('drain', write); }
    req.end();
  };
  write();
});
Promise.all(Array.from({ length: Number(count) }, one)).then(() => process.exit(0));
`;

function flood(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', FLOOD_SCRIPT, url, String(FLOOD_REQUESTS), String(FLOOD_BODY_BYTES)], {
      stdio: 'ignore',
    });
    child.on('exit', () => resolve());
    child.on('error', reject);
  });
}

export const measures: BenchMeasure[] = [
  {
    name: 'bodyFlood',
    description: `A signed-in read's worst wait while ${FLOOD_REQUESTS} anonymous 6 MB bodies hit a JSON route (R-PLAT-13)`,
    measure: async (ctx) => {
      const { url, admin } = ctx!;
      const read = async () => {
        const started = performance.now();
        const res = await fetch(`${url}/api/platform/invitations`, {
          headers: { authorization: `Bearer ${admin.token}` },
        });
        await res.arrayBuffer();
        return performance.now() - started;
      };
      const started = performance.now();
      const flooding$ = flood(url);
      const waits: number[] = [];
      let flooding = true;
      void flooding$.then(() => (flooding = false));
      while (flooding || waits.length < 5) waits.push(await read());
      await flooding$;
      return {
        requests: FLOOD_REQUESTS,
        floodMs: Math.round(performance.now() - started),
        reads: waits.length,
        worstReadMs: Math.round(Math.max(...waits)),
        target: 'worstReadMs ≤ 2,000 on an idle machine',
      };
    },
  },
];
