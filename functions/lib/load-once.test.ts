import { describe, expect, it } from 'vitest';
import { loadOnce } from './load-once.js';

describe('loadOnce', () => {
  it('builds once for concurrent and later callers', async () => {
    let builds = 0;
    const v = loadOnce(async () => ({ n: ++builds }));
    const [a, b] = await Promise.all([v.get(), v.get()]);
    expect(a).toBe(b);
    expect(await v.get()).toBe(a);
    expect(builds).toBe(1);
  });

  it('does not keep a failure: the next call builds again', async () => {
    let builds = 0;
    const v = loadOnce(async () => {
      if (++builds === 1) throw new Error('chunk not found');
      return builds;
    });
    await expect(v.get()).rejects.toThrow('chunk not found');
    expect(await v.get()).toBe(2);
  });

  it('a synchronous throw in the builder is a rejected promise, not a throw at the call', async () => {
    const v = loadOnce((): Promise<number> => {
      throw new Error('bad config');
    });
    const p = v.get();
    await expect(p).rejects.toThrow('bad config');
  });

  it('reset() forgets the value', async () => {
    let builds = 0;
    const v = loadOnce(async () => ++builds);
    expect(await v.get()).toBe(1);
    v.reset();
    expect(await v.get()).toBe(2);
  });
});
