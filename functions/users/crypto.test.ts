import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decryptField, encryptField, resetDataKey } from './crypto.js';

describe('field encryption (AES-256-GCM)', () => {
  beforeEach(() => {
    process.env.DATA_ENCRYPTION_KEY = 'k'.repeat(40);
    resetDataKey();
  });
  afterEach(() => resetDataKey());

  it('round-trips, uses a fresh IV each time and never stores the plain text', async () => {
    const a = await encryptField('123456789', 'org/u1/ssn');
    const b = await encryptField('123456789', 'org/u1/ssn');
    expect(a).not.toBe(b);
    expect(a).not.toContain('123456789');
    expect(await decryptField(a, 'org/u1/ssn')).toBe('123456789');
  });

  it('refuses a value moved to another row or field, a tampered value and another key', async () => {
    const a = await encryptField('1990-01-01', 'org/u1/dob');
    await expect(decryptField(a, 'org/u2/dob')).rejects.toThrow();
    const parts = a.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    await expect(decryptField(parts.join('.'), 'org/u1/dob')).rejects.toThrow();
    process.env.DATA_ENCRYPTION_KEY = 'z'.repeat(40);
    resetDataKey();
    await expect(decryptField(a, 'org/u1/dob')).rejects.toThrow();
  });

  it('refuses to work without a key of at least 32 characters', async () => {
    process.env.DATA_ENCRYPTION_KEY = 'short';
    resetDataKey();
    await expect(encryptField('x', 'a')).rejects.toThrow(/at least 32/);
  });
});
