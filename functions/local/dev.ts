import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { out, printBanner } from './banner.js';
import { JAVA_MISSING, javaAvailable } from './dynamodb-local.js';
import { REPO_ROOT, startLocalRuntime } from './runtime.js';

/**
 * `npm run dev`: the local runtime's API on API_PORT (PORT+1) and Vite's dev server on PORT, which
 * proxies /api and /public to it (web/vite.config.ts reads VITE_API_PROXY), so the browser sees one
 * origin as in production and the SPA reloads on save.
 */
async function main(): Promise<void> {
  if (!javaAvailable()) {
    process.stderr.write(JAVA_MISSING + '\n');
    process.exit(1);
  }
  const vite = join(REPO_ROOT, 'node_modules/.bin/vite');
  const config = join(REPO_ROOT, 'web/vite.config.ts');
  if (!existsSync(vite)) throw new Error('Vite is not installed: run npm ci first.');
  if (!existsSync(config)) throw new Error('web/vite.config.ts is missing.');

  const port = process.env.PORT ? Number(process.env.PORT) : 3000;
  const apiPort = process.env.API_PORT ? Number(process.env.API_PORT) : port + 1;
  const appUrl = `http://localhost:${port}`;

  const rt = await startLocalRuntime({
    port: apiPort,
    dataDir: process.env.DATA_DIR || '.data',
    seedDemo: process.env.SEED_DEMO !== '0',
    log: process.env.LOG_REQUESTS !== '0',
    platformAdmin: true,
    // Links in mail must open the page people use: Vite's, not the API's.
    appBaseUrl: appUrl,
  });

  // The binary itself (not npx) so this one PID is the dev server.
  const child = spawn(vite, ['--config', config, '--port', String(port), '--strictPort'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, VITE_API_PROXY: `http://localhost:${apiPort}` },
  });

  let stopping = false;
  const shutdown = (code: number) => {
    if (stopping) process.exit(code || 1);
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    rt.stop().then(
      () => process.exit(code),
      () => process.exit(1),
    );
  };
  child.on('exit', (code) => {
    if (!stopping) out(`Vite exited (${code ?? 'signal'}); stopping the API.`);
    shutdown(code ?? 0);
  });
  process.on('SIGINT', () => shutdown(0));
  process.on('SIGTERM', () => shutdown(0));

  printBanner(rt, rt.admin, appUrl);
}

main().catch((e: unknown) => {
  process.stderr.write(`Could not start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
