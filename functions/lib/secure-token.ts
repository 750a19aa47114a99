import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. Invitations, setup links and share links all use these. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only the hash is stored, so a leaked table backup does not leak working links. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
