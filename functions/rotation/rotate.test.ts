import { describe, expect, it } from 'vitest';
import { NEW_VALUE_PROPAGATION_MS, SECRET_REFRESH_MS, EXTENSION_CACHE_TTL_SECONDS } from '../lib/secrets.js';
import { parseKeyring, rotateKeyring } from '../lib/keyring.js';
import { rotationStep, type RotationEvent, type SecretStore } from './rotate.js';

/** Secrets Manager's versions and staging labels, in memory, with the rules rotation relies on. */
function fakeStore(initial: string) {
  const values = new Map<string, string>([['v0', initial]]);
  const stages = new Map<string, string[]>([['v0', ['AWSCURRENT']]]);
  const calls: string[] = [];
  const store: SecretStore = {
    async describe() {
      return { rotationEnabled: true, versions: Object.fromEntries(stages) };
    },
    async value(_id, { versionId, stage }) {
      const id = versionId ?? [...stages].find(([, s]) => s.includes(stage))?.[0];
      return id && stages.get(id)?.includes(stage) ? values.get(id) : undefined;
    },
    async putPending(_id, versionId, value) {
      calls.push('putPending');
      values.set(versionId, value);
      stages.set(versionId, ['AWSPENDING']);
    },
    async makeCurrent(_id, to, from) {
      calls.push('makeCurrent');
      for (const [v, s] of stages)
        stages.set(
          v,
          s.filter((x) => x !== 'AWSPREVIOUS'),
        );
      stages.set(from, ['AWSPREVIOUS']);
      stages.set(to, ['AWSCURRENT']);
    },
  };
  return { store, values, stages, calls };
}

const step = (Step: RotationEvent['Step']): RotationEvent => ({
  SecretId: 'arn:secret',
  ClientRequestToken: 'v1',
  Step,
});

describe('secret rotation', () => {
  it('stages a new value as pending, waits for readers, then makes it current and keeps the old one as previous', async () => {
    const s = fakeStore('old-value-0123456789-0123456789-0123456789');
    // Secrets Manager labels the new version AWSPENDING when it starts a rotation.
    s.stages.set('v1', ['AWSPENDING']);
    const synced: string[] = [];
    const hooks = {
      syncCurrent: async (_: string, v: string) => void synced.push(`sync:${v}`),
      afterPromotion: async (_: string, v: string) => void synced.push(`after:${v}`),
    };
    const slept: number[] = [];
    const sleep = async (ms: number) => void slept.push(ms);
    for (const name of ['createSecret', 'setSecret', 'testSecret'] as const)
      await rotationStep(step(name), s.store, hooks, sleep);
    const fresh = s.values.get('v1')!;
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(s.stages.get('v0')).toEqual(['AWSCURRENT']);
    expect(slept).toEqual([]);
    await rotationStep(step('finishSecret'), s.store, hooks, sleep);
    expect(slept).toEqual([NEW_VALUE_PROPAGATION_MS]);
    expect(s.stages.get('v1')).toEqual(['AWSCURRENT']);
    expect(s.stages.get('v0')).toEqual(['AWSPREVIOUS']);
    // CloudFront's copy: brought up to the current value before, moved to the new one after.
    expect(synced).toEqual(['sync:old-value-0123456789-0123456789-0123456789', `after:${fresh}`]);
  });

  it('stages what nextValue makes from the current value: the data key grows its keyring and keeps every older key', async () => {
    const legacy = 'plain-data-key-0123456789-0123456789-0123456789';
    const s = fakeStore(legacy);
    s.stages.set('v1', ['AWSPENDING']);
    const hooks = { nextValue: (_: string, current: string) => rotateKeyring(current) };
    for (const name of ['createSecret', 'setSecret', 'testSecret', 'finishSecret'] as const)
      await rotationStep(step(name), s.store, hooks, async () => undefined);
    const ring = parseKeyring(s.values.get('v1')!);
    expect(Object.keys(ring.keys)).toHaveLength(2);
    expect(ring.keys['0']).toBe(legacy);
    expect(ring.current).not.toBe('0');
    expect(s.stages.get('v1')).toEqual(['AWSCURRENT']);
  });

  it('waits longer than any reader keeps a value, so the pending value is known everywhere before it is used', () => {
    expect(NEW_VALUE_PROPAGATION_MS).toBeGreaterThan(SECRET_REFRESH_MS + EXTENSION_CACHE_TTL_SECONDS * 1000);
  });

  it('repeats a step without a second value or a second switch (Secrets Manager retries)', async () => {
    const s = fakeStore('old-value-0123456789-0123456789-0123456789');
    s.stages.set('v1', ['AWSPENDING']);
    const sleep = async () => {};
    await rotationStep(step('createSecret'), s.store, {}, sleep);
    const first = s.values.get('v1');
    await rotationStep(step('createSecret'), s.store, {}, sleep);
    expect(s.values.get('v1')).toBe(first);
    await rotationStep(step('finishSecret'), s.store, {}, sleep);
    let after = 0;
    await rotationStep(step('finishSecret'), s.store, { afterPromotion: async () => void after++ }, sleep);
    expect(s.calls).toEqual(['putPending', 'makeCurrent']);
    // A retried finish still brings CloudFront's copy along.
    expect(after).toBe(1);
  });

  it('refuses a version that is neither pending nor current', async () => {
    const s = fakeStore('old-value-0123456789-0123456789-0123456789');
    s.stages.set('v1', []);
    await expect(rotationStep(step('createSecret'), s.store)).rejects.toThrow(/not pending/);
  });
});
