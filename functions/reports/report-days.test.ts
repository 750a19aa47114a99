import { describe, expect, it } from 'vitest';
import { RowShapeError } from '../lib/rows.js';
import { byEntity, parseReportDay, totals } from './report-days.js';

const day = (date: string, attrs: Record<string, unknown>) => ({ pk: 'T#org1', sk: `REPDAY#${date}`, ...attrs });

describe('a report day row', () => {
  it('splits counters from names and drops the keys', () => {
    expect(parseReportDay(day('2030-05-01', { n: 2, rev: 5413, 'e#u1#n': 1, 'N#e#u1': 'Sam Staff' }))).toEqual({
      day: '2030-05-01',
      counts: { n: 2, rev: 5413, 'e#u1#n': 1 },
      names: { 'N#e#u1': 'Sam Staff' },
    });
  });

  it('refuses a counter that is not a number and a name that is not text, rather than reading zero', () => {
    expect(() => parseReportDay(day('2030-05-01', { rev: '54.13' }))).toThrow(RowShapeError);
    expect(() => parseReportDay(day('2030-05-01', { 'N#e#u1': 7 }))).toThrow(RowShapeError);
    expect(() => parseReportDay({ pk: 'T#org1', sk: 'USER#u1', n: 1 })).toThrow(RowShapeError);
  });

  it('sums a range: totals of the tenant-wide counters, and per entity with the latest name', () => {
    const days = [
      parseReportDay(day('2030-05-01', { n: 2, b: 1, 's#ACTIVE': 1, 'e#u1#n': 2, 'e#u1#rev': 1000, 'N#e#u1': 'Sam' })),
      parseReportDay(
        day('2030-05-02', { n: 1, b: 1, 's#ACTIVE': 1, 'e#u1#n': 1, 'e#u1#rev': 250, 'N#e#u1': 'Samuel' }),
      ),
    ];
    expect(totals(days)).toEqual({ n: 3, b: 2, 's#ACTIVE': 2 });
    expect([...byEntity(days, 'e')]).toEqual([['u1', { f: { n: 3, rev: 1250 }, name: 'Samuel' }]]);
  });
});
