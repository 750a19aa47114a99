import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { freePort, spawnServer } from './net.js';

export interface RunningSes {
  endpoint: string;
  port: number;
  /** GET → the caught mail ({emails: [...]}); POST {inboxUrl}/../clear-store empties it. */
  inboxUrl: string;
  clearUrl: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/** aws-ses-v2-local as its own node process (one PID), started from its script, not through npx. */
export async function startSes(opts: { port?: number } = {}): Promise<RunningSes> {
  const pkg = createRequire(import.meta.url).resolve('aws-ses-v2-local/package.json');
  const cli = join(dirname(pkg), 'dist', 'cli.js');
  const port = opts.port ?? (await freePort());
  const endpoint = `http://127.0.0.1:${port}`;
  const { child, stop } = await spawnServer(
    'The SES emulator',
    process.execPath,
    [cli, '--host', '127.0.0.1', '--port', String(port)],
    async () => (await fetch(`${endpoint}/health-check`).catch(() => undefined))?.ok === true,
    20_000,
  );
  return { endpoint, port, inboxUrl: `${endpoint}/store`, clearUrl: `${endpoint}/clear-store`, pid: child.pid, stop };
}
