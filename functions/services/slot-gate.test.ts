import { describe, expect, it } from 'vitest';
import { throughSlotGate } from './slot-gate.js';

/** A slot of `places` places behind a deferred write, so a test decides when each write answers. */
function slot(places: number) {
  let left = places;
  const pending: (() => void)[] = [];
  let writes = 0;
  const take = (key: string, want = 1, hint = places) =>
    throughSlotGate(
      key,
      { places: want, hint },
      () => {
        writes++;
        return new Promise<{ outcome: string; left: number }>((resolve) =>
          pending.push(() => {
            if (left >= want) {
              left -= want;
              resolve({ outcome: 'taken', left });
            } else resolve({ outcome: 'refused-by-write', left });
          }),
        );
      },
      (l) => `refused-seen-${l}`,
    );
  const tick = () => new Promise((r) => setTimeout(r, 0));
  const answerAll = async () => {
    await tick();
    while (pending.length) {
      for (const p of pending.splice(0)) p();
      await tick();
    }
  };
  return { take, answerAll, writes: () => writes, inFlight: () => pending.length };
}

describe('slot gate (R-BOOK-5)', () => {
  it('sends as many writes at once as the places last seen, and refuses those waiting by what the writes found', async () => {
    const s = slot(3);
    const all = Array.from({ length: 20 }, () => s.take('a'));
    await new Promise((r) => setTimeout(r, 0));
    expect(s.inFlight()).toBe(3);
    await s.answerAll();
    const answers = await Promise.all(all);
    expect(answers.filter((a) => a === 'taken')).toHaveLength(3);
    expect(answers.filter((a) => a === 'refused-seen-0')).toHaveLength(17);
    expect(s.writes()).toBe(3);
  });

  it('lets a request that began after the slot was seen full write for itself', async () => {
    const s = slot(1);
    const first = s.take('b');
    await s.answerAll();
    expect(await first).toBe('taken');
    const later = s.take('b');
    await s.answerAll();
    expect(await later).toBe('refused-by-write');
    expect(s.writes()).toBe(2);
  });

  it('refuses only requests asking more than what was seen left', async () => {
    const s = slot(3);
    const big = s.take('c', 2, 1);
    const waiting = [s.take('c', 2, 1), s.take('c', 1, 1)];
    await s.answerAll();
    expect(await big).toBe('taken');
    expect(await Promise.all(waiting)).toEqual(['refused-seen-1', 'taken']);
  });

  it('paces one write at a time when the caller saw no places, and keeps slots apart', async () => {
    const d = slot(2);
    const e = slot(1);
    const a = [d.take('d', 1, 0), d.take('d', 1, 0), e.take('e', 1, 0)];
    await new Promise((r) => setTimeout(r, 0));
    expect(d.inFlight()).toBe(1);
    expect(e.inFlight()).toBe(1);
    await Promise.all([d.answerAll(), e.answerAll()]);
    expect(await Promise.all(a)).toEqual(['taken', 'taken', 'taken']);
  });
});
