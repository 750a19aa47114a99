import { describe, expect, it } from 'vitest';
import { addTo, drawFrom } from './group-commit.js';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('group commit (hot rows)', () => {
  it('serves the draws asked during a write with one more write, in the order asked, without gaps', async () => {
    let stored = 0;
    const writes: number[] = [];
    const add = async (n: number) => {
      writes.push(n);
      await pause(5);
      stored += n;
      return stored;
    };
    const values = await Promise.all(Array.from({ length: 6 }, () => drawFrom('a', add)));
    expect(values).toEqual([1, 2, 3, 4, 5, 6]);
    expect(writes).toEqual([1, 5]);
    expect(await drawFrom('a', add)).toBe(7);
    expect(writes).toEqual([1, 5, 1]);
  });

  it('fails the draws a failed write carried; those asked meanwhile write again', async () => {
    let calls = 0;
    const add = async (n: number) => {
      calls++;
      await pause(1);
      if (calls === 1) throw new Error('throttled');
      return n;
    };
    const first = drawFrom('b', add);
    const grouped = [drawFrom('b', add), drawFrom('b', add)];
    await expect(first).rejects.toThrow('throttled');
    expect(await Promise.all(grouped)).toEqual([1, 2]);
  });

  it('sums grouped increments per attribute', async () => {
    const writes: Record<string, number>[] = [];
    const write = async (sum: Record<string, number>) => {
      writes.push(sum);
      await pause(2);
    };
    await Promise.all([
      addTo('c', { sent: 1, 'tpl:a:sent': 1 }, write),
      addTo('c', { sent: 1, 'tpl:b:sent': 1 }, write),
      addTo('c', { failed: 1, 'tpl:a:failed': 1 }, write),
    ]);
    expect(writes).toEqual([
      { sent: 1, 'tpl:a:sent': 1 },
      { sent: 1, 'tpl:b:sent': 1, failed: 1, 'tpl:a:failed': 1 },
    ]);
  });
});
