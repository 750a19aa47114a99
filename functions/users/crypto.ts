import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { LEGACY_KEY_ID, parseKeyring } from '../lib/keyring.js';
import { loadOnce } from '../lib/load-once.js';
import { secretFromEnv } from '../lib/secrets.js';

/**
 * Field encryption for employees' sensitive fields (SSN, date of birth, PIN): AES-256-GCM with a
 * random 96-bit IV per value and the row's tenant and user id as additional authenticated data, so
 * a ciphertext copied onto another row does not decrypt. The keys come from DATA_ENCRYPTION_KEY
 * (local runtime: generated once into DATA_DIR/secrets.json; tests: random per run) or, on AWS, from
 * the Secrets Manager secret named by DATA_ENCRYPTION_KEY_SECRET_ARN, as a keyring that the rotation
 * function grows every 30 days (functions/lib/keyring.ts). Stored form: `v2.{keyId}.{iv}.{tag}.{data}`
 * (base64url); `v1.{iv}.{tag}.{data}`, written before keyrings, was sealed with the legacy key.
 */
const ring = /* @__PURE__ */ loadOnce(async () => {
  const raw = await secretFromEnv('DATA_ENCRYPTION_KEY', 'DATA_ENCRYPTION_KEY_SECRET_ARN');
  if (!raw || raw.length < 32) throw new Error('DATA_ENCRYPTION_KEY (or its secret) must be at least 32 characters');
  const { current, keys } = parseKeyring(raw);
  // Any string of at least 32 characters becomes a 256-bit key.
  const derived = new Map(
    Object.entries(keys).map(([id, material]) => [id, createHash('sha256').update(material).digest()]),
  );
  return { current, keys: derived };
});

export function resetDataKey(): void {
  ring.reset();
}

/** The key `id` names; a ring read before a rotation is read again once, as another function may have sealed with the new key. */
async function keyById(id: string): Promise<Buffer> {
  const known = (await ring.get()).keys.get(id);
  if (known) return known;
  ring.reset();
  const fresh = (await ring.get()).keys.get(id);
  if (!fresh) throw new Error('The key that sealed this value is not in the data keyring');
  return fresh;
}

export async function encryptField(plain: string, aad: string): Promise<string> {
  const { current, keys } = await ring.get();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.get(current)!, iv);
  cipher.setAAD(Buffer.from(aad));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [
    'v2',
    current,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    data.toString('base64url'),
  ].join('.');
}

export async function decryptField(stored: string, aad: string): Promise<string> {
  const parts = stored.split('.');
  const [keyId, iv, tag, data] =
    parts[0] === 'v2' && parts.length === 5
      ? parts.slice(1)
      : parts[0] === 'v1' && parts.length === 4
        ? [LEGACY_KEY_ID, ...parts.slice(1)]
        : [];
  if (!keyId || !iv || !tag || data === undefined) throw new Error('Unknown ciphertext format');
  const decipher = createDecipheriv('aes-256-gcm', await keyById(keyId), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
