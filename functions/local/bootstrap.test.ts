import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureAdmin, readState, seedDemoOnce, type Onboarding } from './bootstrap.js';

/** An in-memory stand-in for functions/auth/onboarding.ts with its contract: no password → only an existing admin. */
function fakeOnboarding() {
  const admins = new Map<string, string>();
  let seeded = 0;
  const calls: { email: string; password?: string }[] = [];
  const onboarding: Onboarding = {
    ensurePlatformAdmin: async ({ email, password }) => {
      calls.push({ email, password });
      const exists = admins.has(email);
      if (!exists && !password) throw new Error('A password is needed to create the platform administrator');
      if (password) admins.set(email, password);
      return { created: !exists };
    },
    seedDemoTenant: async () => {
      seeded++;
      return {
        subdomain: 'demo-rentals',
        email: 'owner@demo.local',
        password: `pw${seeded}`,
        loginUrl: 'http://demo-rentals.localhost:3000/login',
      };
    },
  };
  return { onboarding, admins, calls, seeded: () => seeded };
}

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'bootstrap-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('ensureAdmin', () => {
  it('creates a missing admin with a generated password, shown only that once', async () => {
    const dir = tempDir();
    const f = fakeOnboarding();
    const first = await ensureAdmin(dir, 'admin@platform.local', undefined, f.onboarding);
    expect(first.created).toBe(true);
    expect(first.generatedPassword).toBeTruthy();
    expect(f.admins.get('admin@platform.local')).toBe(first.generatedPassword);
    expect(readState(dir).platformAdmin?.email).toBe('admin@platform.local');
    expect(statSync(join(dir, 'local-state.json')).mode & 0o777).toBe(0o600);

    const second = await ensureAdmin(dir, 'admin@platform.local', undefined, f.onboarding);
    expect(second).toEqual({ email: 'admin@platform.local', created: false });
    expect(f.admins.get('admin@platform.local')).toBe(first.generatedPassword);
  });

  it('applies a password from the environment at every start', async () => {
    const dir = tempDir();
    const f = fakeOnboarding();
    await ensureAdmin(dir, 'a@p.local', 'first-password', f.onboarding);
    const again = await ensureAdmin(dir, 'a@p.local', 'second-password', f.onboarding);
    expect(again).toEqual({ email: 'a@p.local', created: false });
    expect(f.admins.get('a@p.local')).toBe('second-password');
  });

  it('does not reset an existing admin when the password is later unset', async () => {
    const dir = tempDir();
    const f = fakeOnboarding();
    await ensureAdmin(dir, 'a@p.local', 'chosen', f.onboarding);
    const later = await ensureAdmin(dir, 'a@p.local', undefined, f.onboarding);
    expect(later.generatedPassword).toBeUndefined();
    expect(f.admins.get('a@p.local')).toBe('chosen');
  });
});

describe('seedDemoOnce', () => {
  it('seeds on the first start only and remembers what it seeded', async () => {
    const dir = tempDir();
    const f = fakeOnboarding();
    const first = await seedDemoOnce(dir, f.onboarding);
    const second = await seedDemoOnce(dir, f.onboarding);
    expect(first.firstTime).toBe(true);
    expect(second).toEqual({ demo: first.demo, firstTime: false });
    expect(f.seeded()).toBe(1);
  });
});
