import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { rotateKeyring } from '../lib/keyring.js';
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
    parts[4] = Buffer.from('tampered').toString('base64url');
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

  it('keeps reading every value after the data key rotates, and seals new ones with the new key (docs/decisions/0010-stack-checks.md)', async () => {
    const legacy = 'k'.repeat(40);
    // A value written before keyrings: v1, sealed with the plain secret.
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', createHash('sha256').update(legacy).digest(), iv);
    cipher.setAAD(Buffer.from('org/u1/pin'));
    const body = Buffer.concat([cipher.update('4321', 'utf8'), cipher.final()]);
    const v1 = [
      'v1',
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      body.toString('base64url'),
    ].join('.');
    const before = await encryptField('123456789', 'org/u1/ssn');

    const once = rotateKeyring(legacy, Date.parse('2026-12-01T00:00:00Z'));
    const twice = rotateKeyring(once, Date.parse('2027-01-01T00:00:00Z'));
    process.env.DATA_ENCRYPTION_KEY = once;
    resetDataKey();
    const between = await encryptField('555', 'org/u1/ssn');
    process.env.DATA_ENCRYPTION_KEY = twice;
    resetDataKey();
    const after = await encryptField('777', 'org/u1/ssn');

    expect(await decryptField(v1, 'org/u1/pin')).toBe('4321');
    expect(await decryptField(before, 'org/u1/ssn')).toBe('123456789');
    expect(await decryptField(between, 'org/u1/ssn')).toBe('555');
    expect(await decryptField(after, 'org/u1/ssn')).toBe('777');
    expect(new Set([before, between, after].map((v) => v.split('.')[1])).size).toBe(3);
  });

  it('reads the ring again when a value names a key it does not know yet (another function rotated first)', async () => {
    const ring = rotateKeyring('k'.repeat(40));
    const sealedElsewhere = await (async () => {
      process.env.DATA_ENCRYPTION_KEY = ring;
      resetDataKey();
      return encryptField('42', 'org/u9/pin');
    })();
    process.env.DATA_ENCRYPTION_KEY = 'k'.repeat(40);
    resetDataKey();
    await encryptField('warm', 'org/u9/pin'); // this function's ring predates the rotation
    process.env.DATA_ENCRYPTION_KEY = ring;
    expect(await decryptField(sealedElsewhere, 'org/u9/pin')).toBe('42');
  });
});
