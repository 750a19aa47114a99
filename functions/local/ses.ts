import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { freePort, waitFor } from './net.js';

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
  const child = spawn(process.execPath, [cli, '--host', '127.0.0.1', '--port', String(port)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr = (stderr + String(d)).slice(-4000)));
  const endpoint = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  try {
    await waitFor(async () => {
      if (child.exitCode !== null) throw new Error(`The SES emulator exited: ${stderr}`);
      const res = await fetch(`${endpoint}/health-check`).catch(() => undefined);
      return res?.ok === true;
    }, 20_000, 'The SES emulator');
  } catch (e) {
    await stop();
    throw e;
  }
  return { endpoint, port, inboxUrl: `${endpoint}/store`, clearUrl: `${endpoint}/clear-store`, pid: child.pid, stop };
}
