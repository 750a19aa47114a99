import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const manifest = join(repo, 'web/dist/.vite/manifest.json');

export const ADMIN = { email: 'e2e-admin@platform.local', password: 'E2e-Admin-Pass-1' };

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Builds the SPA when there is no build or a source is newer than it. */
function buildIfNeeded(): void {
  const built = existsSync(manifest) ? statSync(manifest).mtimeMs : 0;
  const sources = Math.max(
    newestMtime(join(repo, 'web/src')),
    newestMtime(join(repo, 'web/index.html')),
    newestMtime(join(repo, 'web/vite.config.ts')),
    newestMtime(join(repo, 'shared')),
  );
  if (built && built >= sources) return;
  const r = spawnSync(
    join(repo, 'node_modules/.bin/vite'),
    ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'],
    { cwd: repo, stdio: 'inherit' },
  );
  if (r.status !== 0) throw new Error(`vite build failed (exit ${r.status})`);
}

let stopRuntime: (() => Promise<void>) | undefined;
let dataDir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  buildIfNeeded();
  mkdirSync(join(repo, 'test-results'), { recursive: true });
  dataDir = mkdtempSync(join(tmpdir(), 'web-e2e-'));
  const { startLocalRuntime } = await import('../../functions/local/runtime.js');
  const rt = await startLocalRuntime({ port: 0, dataDir, log: false });
  stopRuntime = rt.stop;
  // The runtime has pointed this process at its emulators, so onboarding writes to its table.
  const { ensurePlatformAdmin } = await import('../../functions/auth/onboarding.js');
  await ensurePlatformAdmin(ADMIN);
  project.provide('e2eBaseUrl', rt.url);
  project.provide('e2ePort', rt.port);
  project.provide('e2eInboxUrl', rt.inboxUrl);
  project.provide('e2eAdmin', ADMIN);
  // Journeys that must seed what no built screen can make yet (an employee, until the employees
  // area lands) write to the same table through the product's own store functions.
  const env = process.env;
  project.provide('e2eStoreEnv', {
    TABLE_NAME: env.TABLE_NAME!,
    AWS_REGION: env.AWS_REGION!,
    AWS_ACCESS_KEY_ID: env.AWS_ACCESS_KEY_ID!,
    AWS_SECRET_ACCESS_KEY: env.AWS_SECRET_ACCESS_KEY!,
    DYNAMODB_ENDPOINT: env.DYNAMODB_ENDPOINT!,
  });
}

export async function teardown(): Promise<void> {
  await stopRuntime?.();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    e2ePort: number;
    e2eInboxUrl: string;
    e2eAdmin: { email: string; password: string };
    e2eStoreEnv: Record<string, string>;
  }
}
