import { randomBytes } from 'node:crypto';
import { NEW_VALUE_PROPAGATION_MS } from '../lib/secrets.js';

/** What Secrets Manager sends a rotation function, once per step. */
export interface RotationEvent {
  SecretId: string;
  ClientRequestToken: string;
  Step: 'createSecret' | 'setSecret' | 'testSecret' | 'finishSecret';
}

/** The Secrets Manager calls a rotation makes (handler.ts binds them to the SDK client). */
export interface SecretStore {
  describe(secretId: string): Promise<{ rotationEnabled: boolean; versions: Record<string, string[]> }>;
  /** The value of a version (by id and stage) or of a stage; undefined when there is none. */
  value(
    secretId: string,
    select: { versionId?: string; stage: 'AWSCURRENT' | 'AWSPENDING' },
  ): Promise<string | undefined>;
  putPending(secretId: string, versionId: string, value: string): Promise<void>;
  /** AWSCURRENT to `toVersion`; Secrets Manager then labels `fromVersion` AWSPREVIOUS. */
  makeCurrent(secretId: string, toVersion: string, fromVersion: string): Promise<void>;
}

interface RotationHooks {
  /** The value to stage for this secret, from its current one (default: a new random value). */
  nextValue?(secretId: string, current: string): string;
  /** Before a new value is made (setSecret): bring a copy held elsewhere up to the current value. */
  syncCurrent?(secretId: string, current: string): Promise<void>;
  /** After the new value became current (finishSecret, also when a retry finds it current already). */
  afterPromotion?(secretId: string, current: string): Promise<void>;
}

/** 48 random bytes, URL-safe: a valid HMAC key (64 characters) and a valid HTTP header value. */
export function newSecretValue(): string {
  return randomBytes(48).toString('base64url');
}

const MIN_LENGTH = 32;

/**
 * One step of a Secrets Manager rotation for a random shared secret (the token signing key, the
 * origin secret): the new value is staged AWSPENDING, which readers accept (lib/secrets.ts
 * rotatingSecret) without using it; finishSecret waits until every reader has had time to learn it
 * (NEW_VALUE_PROPAGATION_MS) and only then makes it AWSCURRENT, the old one becoming AWSPREVIOUS,
 * which readers keep accepting until the next rotation. So no reader ever meets a value it does
 * not know. Every step can run again (Secrets Manager retries) with the same outcome.
 */
export async function rotationStep(
  event: RotationEvent,
  store: SecretStore,
  hooks: RotationHooks = {},
  sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)),
): Promise<void> {
  const { SecretId: id, ClientRequestToken: token, Step: step } = event;
  const meta = await store.describe(id);
  if (!meta.rotationEnabled) throw new Error(`Rotation is not enabled for ${id}`);
  const stages = meta.versions[token];
  if (!stages) throw new Error(`Version ${token} is not a version of ${id}`);
  if (stages.includes('AWSCURRENT')) {
    // A retried finishSecret after the promotion: the copy elsewhere may still be behind.
    if (step === 'finishSecret') await hooks.afterPromotion?.(id, await current(store, id));
    return;
  }
  if (!stages.includes('AWSPENDING')) throw new Error(`Version ${token} of ${id} is not pending rotation`);

  switch (step) {
    case 'createSecret': {
      const now = await current(store, id);
      if ((await store.value(id, { versionId: token, stage: 'AWSPENDING' })) === undefined)
        await store.putPending(id, token, hooks.nextValue?.(id, now) ?? newSecretValue());
      return;
    }
    case 'setSecret':
      // Only a copy that lags the current value needs a change here; the new value is not used before finishSecret.
      await hooks.syncCurrent?.(id, await current(store, id));
      return;
    case 'testSecret': {
      const pending = await store.value(id, { versionId: token, stage: 'AWSPENDING' });
      if (!pending || pending.length < MIN_LENGTH)
        throw new Error(`The pending value of ${id} is missing or shorter than ${MIN_LENGTH} characters`);
      return;
    }
    case 'finishSecret': {
      await sleep(NEW_VALUE_PROPAGATION_MS);
      const from = Object.entries(meta.versions).find(([, s]) => s.includes('AWSCURRENT'))?.[0];
      if (!from) throw new Error(`${id} has no current version`);
      await store.makeCurrent(id, token, from);
      await hooks.afterPromotion?.(id, await current(store, id));
      return;
    }
    default:
      throw new Error(`Unknown rotation step ${String(step)}`);
  }
}

async function current(store: SecretStore, id: string): Promise<string> {
  const value = await store.value(id, { stage: 'AWSCURRENT' });
  if (!value) throw new Error(`${id} has no current value`);
  return value;
}
