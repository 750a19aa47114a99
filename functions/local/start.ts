import { out, printBanner } from './banner.js';
import { JAVA_MISSING, javaAvailable } from './dynamodb-local.js';
import { startLocalRuntime } from './runtime.js';

/**
 * `npm start`: the whole product on this machine, data kept in DATA_DIR between starts.
 * Env: PORT (3000), DATA_DIR (.data), PLATFORM_ADMIN_EMAIL, PLATFORM_ADMIN_PASSWORD, SEED_DEMO=0 to skip
 * the demo organization, LOG_REQUESTS=0 to silence request lines.
 */
async function main(): Promise<void> {
  if (!javaAvailable()) {
    process.stderr.write(JAVA_MISSING + '\n');
    process.exit(1);
  }
  const dataDir = process.env.DATA_DIR || '.data';
  const port = process.env.PORT ? Number(process.env.PORT) : 3000;

  const rt = await startLocalRuntime({
    port,
    dataDir,
    seedDemo: process.env.SEED_DEMO !== '0',
    log: process.env.LOG_REQUESTS !== '0',
    platformAdmin: true,
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    out(`\n${signal}: stopping…`);
    rt.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  printBanner(rt, rt.admin, rt.url);
}

main().catch((e: unknown) => {
  process.stderr.write(`Could not start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
