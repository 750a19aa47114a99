import { describe, expect, it } from 'vitest';
import {
  analyze,
  averageDuration,
  confidenceOf,
  filterAndSort,
  peakHours,
  segmentCustomers,
  topShare,
  type Insight,
} from './insights.js';

const revenue = (over: Record<string, unknown> = {}) => ({
  success: true as const,
  startDate: '2026-11-01',
  endDate: '2026-11-30',
  totalRevenue: 1000,
  overageRevenue: 0,
  refundTotal: 0,
  taxCollected: 0,
  totalReservations: 40,
  averageRevenue: 25,
  completedReservations: 30,
  activeReservations: 10,
  cancelledReservations: 0,
  itemReservations: 40,
  serviceReservations: 0,
  averageDurationHours: 2,
  durationSamples: 40,
  reservationsByHour: {},
  daily: [],
  ...over,
});
const ids = (r: Parameters<typeof analyze>[0]) => analyze(r, 'UTC').insights.map((i) => i.id);

describe('heuristics (R-REP-5)', () => {
  it('peak hours: at least 80% of the busiest hour', () => {
    expect(peakHours({ '09': 10, '10': 8, '11': 7, '14': 0 })).toEqual([9, 10]);
    expect(peakHours({})).toEqual([]);
  });
  it('long rentals: average above 4 hours of durations in (0, 24)', () => {
    expect(averageDuration([5, 6, 0, 30])).toEqual({ average: 5.5, samples: 2 });
    expect(ids({ type: 'revenue', data: revenue({ averageDurationHours: 4.5 }) })).toContain('long-rentals');
    expect(ids({ type: 'revenue', data: revenue({ averageDurationHours: 4 }) })).not.toContain('long-rentals');
  });
  it('cancellation rate above 10%', () => {
    expect(ids({ type: 'revenue', data: revenue({ totalReservations: 89, cancelledReservations: 11 }) })).toContain(
      'cancellations',
    );
    expect(ids({ type: 'revenue', data: revenue({ totalReservations: 90, cancelledReservations: 10 }) })).not.toContain(
      'cancellations',
    );
  });
  it('staff completion below 80%', () => {
    const perf = (rate: number) => ({
      type: 'employee-performance' as const,
      data: {
        success: true as const,
        startDate: 'a',
        endDate: 'b',
        performanceData: [
          {
            employeeId: 'e',
            employeeName: 'Eve',
            totalReservations: 10,
            completedReservations: 7,
            cancelledReservations: 0,
            totalRevenue: 1,
            completedRevenue: 0,
            averageRevenue: 1,
            completionRate: rate,
          },
        ],
      },
    });
    expect(ids(perf(79.9))).toContain('completion');
    expect(ids(perf(80))).not.toContain('completion');
  });
  it('retention below 70%, VIP and regular customers', () => {
    const cs = [
      { customerId: '1', name: 'Big', phone: '', reservationCount: 10, totalSpent: 1000 },
      ...Array.from({ length: 5 }, (_, i) => ({
        customerId: `r${i}`,
        name: `R${i}`,
        phone: '',
        reservationCount: 2,
        totalSpent: 150,
      })),
      { customerId: 'x', name: 'Once', phone: '', reservationCount: 1, totalSpent: 10 },
    ];
    const seg = segmentCustomers(cs);
    expect(seg.vip.map((c) => c.name)).toEqual(['Big']);
    expect(seg.regular.map((c) => c.name)).toEqual(['R0', 'R1', 'R2', 'R3', 'R4']);
    const act = (returning: number) => ({
      type: 'customer-activity' as const,
      data: {
        success: true as const,
        startDate: 'a',
        endDate: 'b',
        totalCustomers: 10,
        returningCustomers: returning,
        totalSpent: 1,
        totalReservations: 20,
        topCustomers: cs,
      },
    });
    expect(ids(act(6))).toContain('retention');
    expect(ids(act(7))).not.toContain('retention');
    expect(ids(act(7))).toEqual(expect.arrayContaining(['vip', 'regular']));
  });
  it('revenue concentration above 60% (top 20% of contributors)', () => {
    expect(topShare([61, 10, 10, 10, 9])).toBe(61);
    expect(topShare([60, 10, 10, 10, 10])).toBe(60);
    const act = (top: number) => ({
      type: 'customer-activity' as const,
      data: {
        success: true as const,
        startDate: 'a',
        endDate: 'b',
        totalCustomers: 5,
        returningCustomers: 5,
        totalSpent: 100,
        totalReservations: 10,
        topCustomers: [top, ...Array(4).fill((100 - top) / 4)].map((s, i) => ({
          customerId: `${i}`,
          name: `C${i}`,
          phone: '',
          reservationCount: 2,
          totalSpent: s,
        })),
      },
    });
    expect(ids(act(61))).toContain('concentration-customers');
    expect(ids(act(60))).not.toContain('concentration-customers');
  });
  it('confidence grows with the sample and says what it is based on', () => {
    expect(confidenceOf(0)).toBe(0);
    expect(confidenceOf(25)).toBe(50);
    expect(confidenceOf(500)).toBe(100);
    expect(analyze({ type: 'revenue', data: revenue() }, 'UTC').basis).toBe(
      'Based on 40 reservations from 2026-11-01 to 2026-11-30',
    );
  });
  it('filters by impact and sorts', () => {
    const mk = (id: string, impact: Insight['impact'], type: Insight['type']): Insight => ({
      id,
      title: id,
      impact,
      type,
      category: 'analytics',
      description: '',
      details: [],
    });
    const xs = [mk('b', 'low', 'info'), mk('a', 'high', 'warning'), mk('c', 'medium', 'opportunity')];
    expect(filterAndSort(xs, 'all', 'impact').map((x) => x.id)).toEqual(['a', 'c', 'b']);
    expect(filterAndSort(xs, 'high', 'impact').map((x) => x.id)).toEqual(['a']);
    expect(filterAndSort(xs, 'all', 'title').map((x) => x.id)).toEqual(['a', 'b', 'c']);
    expect(filterAndSort(xs, 'all', 'type').map((x) => x.id)).toEqual(['b', 'c', 'a']);
  });
});
