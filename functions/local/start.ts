import { ensureAdmin, loadOnboarding, type AdminResult } from './bootstrap.js';
import { JAVA_MISSING, javaAvailable } from './dynamodb-local.js';
import { startLocalRuntime, type LocalRuntime } from './runtime.js';
import { logger } from '../lib/logger.js';

/**
 * `npm start`: the whole product on this machine, data kept in DATA_DIR between starts.
 * Env: PORT (3000), DATA_DIR (.data), PLATFORM_ADMIN_EMAIL, PLATFORM_ADMIN_PASSWORD, SEED_DEMO=0 to skip
 * the demo organization, LOG_REQUESTS=0 to silence request lines.
 */
const out = (s: string) => process.stdout.write(s + '\n');

function banner(rt: LocalRuntime, admin: AdminResult | undefined): void {
  const lines = [
    '',
    `  Rental back office is running   (data: ${rt.dataDir})`,
    '',
    `  App               ${rt.url}`,
    `  Platform sign-in  ${rt.url}/login`,
  ];
  if (admin) {
    lines.push(`    admin           ${admin.email}`);
    if (admin.generatedPassword) lines.push(`    password        ${admin.generatedPassword}   (generated: shown this once, note it down)`);
    else lines.push(`    password        ${process.env.PLATFORM_ADMIN_PASSWORD ? 'from PLATFORM_ADMIN_PASSWORD' : 'unchanged (set PLATFORM_ADMIN_PASSWORD to reset it)'}`);
  }
  if (rt.demo) {
    const { demo, firstTime } = rt.demo;
    // Seeded under an earlier start's port, perhaps: point at this one.
    const login = new URL(demo.loginUrl);
    if (login.hostname.endsWith('localhost')) login.port = String(rt.port);
    lines.push(
      `  Demo business     ${login.toString()}${firstTime ? '   (just created)' : ''}`,
      `    sign in as      ${demo.email}`,
      `    password        ${demo.password}${firstTime ? '' : '   (as first seeded)'}`,
    );
  }
  lines.push(`  Mail inbox (SES)  ${rt.inboxUrl}`, `  API health        ${rt.url}/api/health`, '', '  Ctrl+C stops everything.', '');
  out(lines.join('\n'));
}

async function main(): Promise<void> {
  if (!javaAvailable()) {
    process.stderr.write(JAVA_MISSING + '\n');
    process.exit(1);
  }
  const dataDir = process.env.DATA_DIR || '.data';
  const email = process.env.PLATFORM_ADMIN_EMAIL || 'admin@platform.local';
  const password = process.env.PLATFORM_ADMIN_PASSWORD || undefined;
  const port = process.env.PORT ? Number(process.env.PORT) : 3000;

  const rt = await startLocalRuntime({ port, dataDir, seedDemo: process.env.SEED_DEMO !== '0', log: process.env.LOG_REQUESTS !== '0' });

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

  let admin: AdminResult | undefined;
  try {
    admin = await ensureAdmin(rt.dataDir, email, password, await loadOnboarding());
  } catch (e) {
    logger.error('could not ensure the platform administrator', { error: e as Error });
    out(`  Could not create or update the platform administrator ${email}: ${(e as Error).message}`);
  }
  banner(rt, admin);
}

main().catch((e: unknown) => {
  process.stderr.write(`Could not start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
