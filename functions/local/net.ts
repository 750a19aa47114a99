import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** How often a slow start says it is still waiting. */
export const PROGRESS_EVERY_MS = 10_000;

/**
 * Polls `check` until it says yes or `timeoutMs` passes. A start that takes long on a busy machine
 * is not a hang: `progress` hears about it every PROGRESS_EVERY_MS (docs/decisions/0010-stack-checks.md).
 */
export async function waitFor(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
  progress?: (line: string) => void,
): Promise<void> {
  const started = Date.now();
  const until = started + timeoutMs;
  let nextProgress = started + PROGRESS_EVERY_MS;
  for (;;) {
    if (await check()) return;
    const now = Date.now();
    if (now > until) throw new Error(`${what} did not become ready within ${Math.round(timeoutMs / 1000)} s`);
    if (progress && now >= nextProgress) {
      progress(
        `Still waiting for ${what} to answer (${Math.round((now - started) / 1000)} s of ${Math.round(timeoutMs / 1000)} s)...`,
      );
      nextProgress += PROGRESS_EVERY_MS;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
}

export interface SpawnedServer {
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts an emulator as its own process (one PID to stop) and waits until `ready` says it answers.
 * If the process exits or never becomes ready, it is stopped and the error carries its stderr tail.
 */
export async function spawnServer(
  what: string,
  command: string,
  args: string[],
  ready: () => Promise<boolean>,
  timeoutMs: number,
  progress?: (line: string) => void,
): Promise<SpawnedServer> {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  // Only the tail matters (why it exited); a long session must not grow this without bound.
  child.stderr?.on('data', (d) => (stderr = (stderr + String(d)).slice(-4000)));
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`${what} exited: ${stderr}`);
        return ready();
      },
      timeoutMs,
      what,
      progress,
    );
  } catch (e) {
    await stop();
    throw e;
  }
  return { child, stop };
}
