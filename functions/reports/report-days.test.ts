import { describe, expect, it } from 'vitest';
import { RowShapeError } from '../lib/rows.js';
import { trustedTenant } from '../lib/keys.js';
import { splitContribution } from '../reservation-rows/aggregates.js';
import { byEntity, parseReportDay, parseReportEntity, totals } from './report-days.js';

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

  it('reads an entity row in the day row shape, and adds it to what an older day row carries (R-REP-8)', () => {
    const customer = parseReportEntity('c', {
      pk: 'T#org1',
      sk: 'REPC#2030-05-01#cu#1',
      n: 2,
      rev: 900,
      name: '{"name":"New"}',
    });
    expect(customer).toEqual({
      day: '2030-05-01',
      counts: { 'c#cu#1#n': 2, 'c#cu#1#rev': 900 },
      names: { 'N#c#cu#1': '{"name":"New"}' },
    });
    expect(() => parseReportEntity('c', { pk: 'T#org1', sk: 'REPC#2030-05-01#cu1', n: '2' })).toThrow(RowShapeError);
    expect(() => parseReportEntity('i', { pk: 'T#org1', sk: 'REPC#2030-05-01#cu1', n: 2 })).toThrow(RowShapeError);
    const legacy = parseReportDay(
      day('2030-05-01', { n: 1, 'c#cu#1#n': 1, 'c#cu#1#rev': 100, 'N#c#cu#1': '{"name":"Old"}' }),
    );
    expect([...byEntity([legacy], 'c', [customer])]).toEqual([
      ['cu#1', { f: { n: 3, rev: 1000 }, name: '{"name":"New"}' }],
    ]);
  });

  it('splits a contribution into the day totals and one row per customer, item and creator', () => {
    const parts = splitContribution(trustedTenant('org1'), {
      day: '2030-05-01',
      counts: { n: 1, 's#ACTIVE': 1, 'c#cu1#n': 1, 'c#cu1#rev': 500, 'i#it1#min': 60, 'e#u1#n': 1 },
      names: { 'N#c#cu1': 'C', 'N#i#it1': 'I', 'N#e#u1': 'E' },
    });
    expect(parts.map((p) => [p.key.sk, p.counts, p.sets])).toEqual([
      ['REPDAY#2030-05-01', { n: 1, 's#ACTIVE': 1 }, {}],
      ['REPC#2030-05-01#cu1', { n: 1, rev: 500 }, { name: 'C' }],
      ['REPI#2030-05-01#it1', { min: 60 }, { name: 'I' }],
      ['REPE#2030-05-01#u1', { n: 1 }, { name: 'E' }],
    ]);
  });
});
