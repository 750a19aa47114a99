import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { logger } from '../lib/logger.js';

/** What the local runtime needs from the auth area's onboarding (functions/auth/onboarding.ts). */
export interface Onboarding {
  ensurePlatformAdmin(opts: { email: string; password?: string }): Promise<{ created: boolean }>;
  seedDemoTenant(): Promise<DemoTenant>;
}

export interface DemoTenant {
  subdomain: string;
  email: string;
  password: string;
  loginUrl: string;
}

/** Kept in DATA_DIR/local-state.json (0600: it holds the demo password). */
interface LocalState {
  platformAdmin?: { email: string; createdAt: string };
  demo?: DemoTenant & { seededAt: string };
}

const stateFile = (dataDir: string) => join(dataDir, 'local-state.json');

export function readState(dataDir: string): LocalState {
  const f = stateFile(dataDir);
  if (!existsSync(f)) return {};
  try {
    return JSON.parse(readFileSync(f, 'utf8')) as LocalState;
  } catch {
    return {};
  }
}

function writeState(dataDir: string, state: LocalState): void {
  const f = stateFile(dataDir);
  writeFileSync(f, JSON.stringify(state, null, 2) + '\n', { mode: 0o600 });
  chmodSync(f, 0o600);
}

export const loadOnboarding = async (): Promise<Onboarding> => (await import('../auth/onboarding.js')) as Onboarding;

export interface AdminResult {
  email: string;
  created: boolean;
  /** Only when this start generated the password and it took effect: print it, it is not kept anywhere. */
  generatedPassword?: string;
}

/**
 * The SUPER_ADMIN exists at every start. A password from the environment is applied each time (so
 * changing PLATFORM_ADMIN_PASSWORD changes it); without one an existing admin keeps theirs, and a
 * missing admin is created with a generated password that is shown once.
 */
export async function ensureAdmin(
  dataDir: string,
  email: string,
  password: string | undefined,
  onboarding: Onboarding,
): Promise<AdminResult> {
  let result: AdminResult;
  if (password) {
    const { created } = await onboarding.ensurePlatformAdmin({ email, password });
    result = { email, created };
  } else {
    // No password given: succeeds only when the admin exists, and then changes nothing.
    const existing = await onboarding.ensurePlatformAdmin({ email }).catch(() => undefined);
    if (existing) return { email, created: existing.created };
    const generated = randomBytes(12).toString('base64url');
    const { created } = await onboarding.ensurePlatformAdmin({ email, password: generated });
    result = { email, created, generatedPassword: generated };
  }
  if (result.created)
    writeState(dataDir, { ...readState(dataDir), platformAdmin: { email, createdAt: new Date().toISOString() } });
  return result;
}

/** Seeds the demo organization on the first start of a data directory; later starts return what was seeded. */
export async function seedDemoOnce(
  dataDir: string,
  onboarding: Onboarding,
): Promise<{ demo: DemoTenant; firstTime: boolean }> {
  const state = readState(dataDir);
  if (state.demo) {
    const { seededAt: _seededAt, ...demo } = state.demo;
    return { demo, firstTime: false };
  }
  const demo = await onboarding.seedDemoTenant();
  writeState(dataDir, { ...readState(dataDir), demo: { ...demo, seededAt: new Date().toISOString() } });
  return { demo, firstTime: true };
}

/**
 * ensureAdmin with PLATFORM_ADMIN_EMAIL (admin@platform.local) and PLATFORM_ADMIN_PASSWORD. A failure is
 * reported, not fatal: the rest of the product still runs.
 */
export async function ensureAdminFromEnv(dataDir: string, onboarding?: Onboarding): Promise<AdminResult | undefined> {
  const email = process.env.PLATFORM_ADMIN_EMAIL || 'admin@platform.local';
  try {
    const from = onboarding ?? (await loadOnboarding());
    return await ensureAdmin(dataDir, email, process.env.PLATFORM_ADMIN_PASSWORD || undefined, from);
  } catch (e) {
    logger.error('could not ensure the platform administrator', { email, error: e as Error });
    process.stderr.write(`Could not create or update the platform administrator ${email}: ${(e as Error).message}\n`);
    return undefined;
  }
}
