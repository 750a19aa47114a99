import { describe, expect, it } from 'vitest';
import { hashPassword, SCRYPT_COST, verifyPassword } from './passwords.js';

describe('password hashes', () => {
  it('carry their parameters, so a hash made at one cost verifies whatever the current cost is', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash.split('$').slice(0, 4)).toEqual(['scrypt', String(SCRYPT_COST), '8', '1']);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('wrong horse battery', hash)).toBe(false);
    // The cost is read from the hash: the same key under another cost does not verify.
    const production = hash.replace(/^scrypt\$\d+\$/, 'scrypt$16384$');
    expect(await verifyPassword('correct horse battery', production)).toBe(false);
  });

  it('costs 16,384 outside the test runner', async () => {
    const { execFileSync } = await import('node:child_process');
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', '-e', "import('./functions/lib/passwords.ts').then((m) => console.log(m.SCRYPT_COST))"],
      { env: { ...process.env, VITEST: '' }, encoding: 'utf8' },
    );
    expect(out.trim()).toBe('16384');
  });
});
