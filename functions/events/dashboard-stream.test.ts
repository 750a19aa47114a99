import { describe, expect, it } from 'vitest';
import { advance, eventId, formatCursor, LAG_MS, MAX_BACKLOG_MS, parseCursor } from './dashboard-stream.js';

const NOW = Date.parse('2026-11-23T10:00:00.000Z');
const ev = (msAgo: number, uuid: string) => {
  const at = new Date(NOW - msAgo).toISOString();
  return { at, sk: `EVENT#${at}#${uuid}` };
};

describe('dashboard event cursor', () => {
  it('round-trips and starts LAG before now when absent or malformed', () => {
    const c = { at: NOW - 1000, seen: ['aaaaaaaaaaaa', 'bbbbbbbbbbbb'] };
    expect(parseCursor(formatCursor(c), NOW)).toEqual(c);
    for (const bad of [undefined, '', 'x', 'nonsense|a', `${new Date(NOW).toISOString()}|NOT-HEX!`]) {
      expect(parseCursor(bad, NOW)).toEqual({ at: NOW - LAG_MS, seen: [] });
    }
    expect(parseCursor(`${new Date(NOW - MAX_BACKLOG_MS - 1).toISOString()}|`, NOW).at).toBe(NOW - LAG_MS);
    expect(parseCursor(`${new Date(NOW + 3_600_000).toISOString()}|`, NOW).at).toBe(NOW - LAG_MS);
  });

  it('delivers unseen events only and remembers the window', () => {
    const e1 = ev(3000, '111111111111-x');
    const e2 = ev(1000, '222222222222-y');
    const first = advance({ at: NOW - LAG_MS, seen: [] }, [e1, e2]);
    expect(first.deliver).toEqual([0, 1]);
    expect(first.next).toEqual({ at: NOW - 1000, seen: ['111111111111', '222222222222'] });
    // Same window again plus a late one stamped before the cursor: only the late one goes out.
    const late = ev(2000, '333333333333-z');
    const second = advance(first.next, [e1, late, e2]);
    expect(second.deliver).toEqual([1]);
    expect(second.next.at).toBe(NOW - 1000);
    expect(second.next.seen).toEqual(['111111111111', '333333333333', '222222222222']);
  });

  it('forgets ids that fall out of the lag window', () => {
    const old = ev(LAG_MS + 2000, 'aaaaaaaaaaaa');
    const fresh = ev(0, 'bbbbbbbbbbbb');
    const r = advance({ at: NOW - LAG_MS - 2000, seen: ['aaaaaaaaaaaa'] }, [old, fresh]);
    expect(r.deliver).toEqual([1]);
    expect(r.next.seen).toEqual(['bbbbbbbbbbbb']);
  });

  it('takes the short id from the uuid', () => {
    expect(eventId('EVENT#2026-11-23T10:00:00.000Z#0123456789ab-cdef')).toBe('0123456789ab');
  });
});
