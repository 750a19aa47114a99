import { describe, expect, it } from 'vitest';
import { warmCache } from './warm-cache.js';

describe('warmCache', () => {
  it('shares one read among concurrent misses of a key and keeps the answer for its time', async () => {
    const cache = warmCache<string>(60_000);
    let reads = 0;
    const load = async () => {
      reads++;
      await new Promise((r) => setTimeout(r, 5));
      return 'America/Chicago';
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('t1', load, 1_000)));
    expect(answers).toEqual(Array(20).fill('America/Chicago'));
    expect(reads).toBe(1);
    await cache.get('t1', load, 60_999);
    expect(reads).toBe(1);
    await cache.get('t1', load, 61_000);
    expect(reads).toBe(2);
    await cache.get('t2', load, 61_000);
    expect(reads).toBe(3);
  });

  it('does not keep a failed read', async () => {
    const cache = warmCache<number>(60_000);
    await expect(cache.get('k', () => Promise.reject(new Error('throttled')), 0)).rejects.toThrow('throttled');
    expect(await cache.get('k', async () => 7, 1)).toBe(7);
  });

  it('starts again past its bound, and clear() forgets everything', async () => {
    const cache = warmCache<string>(60_000, 2);
    let reads = 0;
    const load = (v: string) => async () => {
      reads++;
      return v;
    };
    await cache.get('a', load('a'), 0);
    await cache.get('b', load('b'), 0);
    await cache.get('c', load('c'), 0);
    await cache.get('a', load('a'), 0);
    expect(reads).toBe(4);
    cache.clear();
    await cache.get('c', load('c'), 0);
    expect(reads).toBe(5);
  });
});
