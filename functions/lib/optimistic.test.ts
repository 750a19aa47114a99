import { describe, expect, it } from 'vitest';
import { OPTIMISTIC_ATTEMPTS, optimistic, pauseMs, RETRY, retryWhen } from './optimistic.js';

const noPause = { pause: async () => {} };

describe('optimistic', () => {
  it('answers the first attempt that does not ask for a retry, without pausing before it', async () => {
    const paused: number[] = [];
    const seen: number[] = [];
    const out = await optimistic(
      async (n) => {
        seen.push(n);
        return n < 2 ? RETRY : 'done';
      },
      () => 'gave up',
      { pause: async (n) => void paused.push(n) },
    );
    expect(out).toBe('done');
    expect(seen).toEqual([0, 1, 2]);
    expect(paused).toEqual([0, 1]);
  });

  it('gives up after exactly OPTIMISTIC_ATTEMPTS attempts with the exhausted answer', async () => {
    let calls = 0;
    const run = optimistic(
      async () => {
        calls++;
        return RETRY;
      },
      () => {
        throw new Error('changed at the same time');
      },
      noPause,
    );
    await expect(run).rejects.toThrow('changed at the same time');
    expect(calls).toBe(12);
    expect(OPTIMISTIC_ATTEMPTS).toBe(12);
  });

  it('an error thrown by an attempt ends the loop at once', async () => {
    let calls = 0;
    const run = optimistic(
      async () => {
        calls++;
        throw new Error('not found');
      },
      () => 'gave up',
      noPause,
    );
    await expect(run).rejects.toThrow('not found');
    expect(calls).toBe(1);
  });

  it('retryWhen: RETRY for a lost race, the error itself otherwise', () => {
    const e = new Error('boom');
    expect(retryWhen(e, true)).toBe(RETRY);
    expect(() => retryWhen(e, false)).toThrow(e);
  });
});

describe('pauseMs', () => {
  it('grows with the attempt up to a 400 ms spread over a 10 ms floor', () => {
    expect(pauseMs(0, () => 0)).toBe(10);
    expect(pauseMs(0, () => 1)).toBe(35);
    expect(pauseMs(2, () => 1)).toBe(110);
    expect(pauseMs(10, () => 1)).toBe(410);
  });
});
