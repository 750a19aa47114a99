import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { loadOnce } from '../lib/load-once.js';
import { secretFromEnv } from '../lib/secrets.js';

/**
 * Field encryption for employees' sensitive fields (SSN, date of birth, PIN): AES-256-GCM with a
 * random 96-bit IV per value and the row's tenant and user id as additional authenticated data, so
 * a ciphertext copied onto another row does not decrypt. The 256-bit data key comes from
 * DATA_ENCRYPTION_KEY (local runtime: generated once into DATA_DIR/secrets.json; tests: random per
 * run) or, on AWS, from the Secrets Manager secret named by DATA_ENCRYPTION_KEY_SECRET_ARN (the
 * pattern functions/lib/tokens.ts uses for its signing key). Stored form: `v1.{iv}.{tag}.{data}` (base64url).
 */
const key = /* @__PURE__ */ loadOnce(async () => {
  const raw = await secretFromEnv('DATA_ENCRYPTION_KEY', 'DATA_ENCRYPTION_KEY_SECRET_ARN');
  if (!raw || raw.length < 32) throw new Error('DATA_ENCRYPTION_KEY (or its secret) must be at least 32 characters');
  // Any string of at least 32 characters becomes a 256-bit key.
  return createHash('sha256').update(raw).digest();
});
const dataKey = () => key.get();

export function resetDataKey(): void {
  key.reset();
}

export async function encryptField(plain: string, aad: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await dataKey(), iv);
  cipher.setAAD(Buffer.from(aad));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

export async function decryptField(stored: string, aad: string): Promise<string> {
  const [v, iv, tag, data] = stored.split('.');
  if (v !== 'v1' || !iv || !tag || data === undefined) throw new Error('Unknown ciphertext format');
  const decipher = createDecipheriv('aes-256-gcm', await dataKey(), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
