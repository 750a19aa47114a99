import { describe, expect, it } from 'vitest';
import { hoursBody } from '../../../../shared/contract/settings-models.js';
import { changed, issuesByPath, QUARTER_HOURS, setClosed } from './hoursRules.js';

describe('opening hours rules', () => {
  it('offers 96 quarter hours, each accepted by the contract', () => {
    expect(QUARTER_HOURS).toHaveLength(96);
    expect(QUARTER_HOURS.slice(0, 3)).toEqual(['00:00', '00:15', '00:30']);
    expect(QUARTER_HOURS.at(-1)).toBe('23:45');
    for (const t of QUARTER_HOURS.slice(0, -1)) {
      expect(
        hoursBody.safeParse({ hours: [{ dayType: 'everyday', openTime: t, closeTime: '23:45', isClosed: false }] })
          .success,
      ).toBe(true);
    }
  });

  it('places the contract refusals on their rows', () => {
    const r = hoursBody.safeParse({
      hours: [{ dayType: 'everyday', openTime: '10:00', closeTime: '09:00', isClosed: false }],
      specialHours: [{ date: '', isClosed: true }],
    });
    expect(r.success).toBe(false);
    const byPath = issuesByPath(r.error!.issues);
    expect(byPath['hours.0.closeTime']).toBe('Closing time must be after opening time');
    expect(byPath['specialHours.0.date']).toBe('Special hours need a date (YYYY-MM-DD)');
  });

  it('closing clears the times, reopening restores the default', () => {
    const row = { id: 'a', openTime: '08:00', closeTime: '12:00', isClosed: false };
    const closed = setClosed(row, true);
    expect(closed).toEqual({ id: 'a', openTime: '', closeTime: '', isClosed: true });
    expect(hoursBody.safeParse({ hours: [{ ...closed, dayType: 'monday' }] }).success).toBe(true);
    expect(setClosed(closed, false)).toEqual({ id: 'a', openTime: '09:00', closeTime: '17:00', isClosed: false });
  });

  it('detects changes', () => {
    expect(changed([{ a: 1 }], [{ a: 1 }])).toBe(false);
    expect(changed([{ a: 1 }], [{ a: 2 }])).toBe(true);
  });
});
