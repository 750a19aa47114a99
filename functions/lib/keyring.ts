import { randomBytes } from 'node:crypto';

/**
 * The data key as a keyring (docs/decisions/0010-stack-checks.md): the secret's value names the key that encrypts new
 * values and keeps every older key, so a rotation never strands a stored ciphertext (each names the
 * key that sealed it: functions/users/crypto.ts). Stored form: `{"current":"<id>","keys":{"<id>":"<material>"}}`.
 * A plain string is the value the stack generated before keyrings: one key with the id LEGACY_KEY_ID.
 */
interface Keyring {
  current: string;
  keys: Record<string, string>;
}

/** The id of the key a plain (pre-keyring) secret value holds, and of `v1.` ciphertexts. */
export const LEGACY_KEY_ID = '0';
const MIN_MATERIAL = 32;
const KEY_ID = /^[0-9a-z]{1,16}$/;

export function parseKeyring(value: string): Keyring {
  const trimmed = value.trim();
  if (!trimmed.startsWith('{')) return { current: LEGACY_KEY_ID, keys: { [LEGACY_KEY_ID]: value } };
  const parsed = JSON.parse(trimmed) as Partial<Keyring>;
  const keys = parsed.keys && typeof parsed.keys === 'object' ? parsed.keys : {};
  const current = String(parsed.current ?? '');
  for (const [id, material] of Object.entries(keys)) {
    if (!KEY_ID.test(id) || typeof material !== 'string' || material.length < MIN_MATERIAL)
      throw new Error(`Data keyring: key "${id}" is not a valid key`);
  }
  if (!Object.hasOwn(keys, current)) throw new Error('Data keyring: the current key is not in the ring');
  return { current, keys };
}

/** The ring after one rotation: a new random key becomes current, every older key stays for decryption. */
export function rotateKeyring(value: string, now = Date.now()): string {
  const ring = parseKeyring(value);
  let id = now.toString(36);
  while (Object.hasOwn(ring.keys, id)) id = (Number.parseInt(id, 36) + 1).toString(36);
  return JSON.stringify({ current: id, keys: { ...ring.keys, [id]: randomBytes(48).toString('base64url') } });
}
