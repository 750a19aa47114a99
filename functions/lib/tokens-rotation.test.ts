import { afterEach, describe, expect, it } from 'vitest';
import { issueToken, resetSigningKey, verifyToken } from './tokens.js';

// docs/decisions/0010-stack-checks.md: the signing key is rotated every 30 days (infra/rotation.ts). A token signed
// with the key before a rotation keeps working for its lifetime; a key nobody accepts does not.
const OLD = 'old-signing-key-0123456789-0123456789-0123456789';
const NEW = 'new-signing-key-0123456789-0123456789-0123456789';
const claims = {
  userId: 'u1',
  username: 'a@example.com',
  role: 'BUSINESS_ADMIN' as const,
  accessLevel: 'MANAGER' as const,
  tenantId: 'org1',
};

function useKeys(current: string, previous?: string) {
  process.env.TOKEN_SIGNING_KEY = current;
  if (previous) process.env.TOKEN_SIGNING_KEY_PREVIOUS = previous;
  else delete process.env.TOKEN_SIGNING_KEY_PREVIOUS;
  resetSigningKey();
}

afterEach(() => {
  delete process.env.TOKEN_SIGNING_KEY;
  delete process.env.TOKEN_SIGNING_KEY_PREVIOUS;
  resetSigningKey();
});

describe('token signing key rotation', () => {
  it('verifies a token signed with the previous key and signs new ones with the current key', async () => {
    useKeys(OLD);
    const before = await issueToken(claims, 3600);
    useKeys(NEW, OLD);
    expect((await verifyToken(before)).userId).toBe('u1');
    const after = await issueToken(claims, 3600);
    useKeys(NEW);
    expect((await verifyToken(after)).userId).toBe('u1');
    await expect(verifyToken(before)).rejects.toMatchObject({ statusCode: 401 });
  });
});
