/**
 * Analytics insights computed from a report's own data (R-REP-5 heuristics). Nothing is
 * random: every figure comes from the report; what a heuristic cannot compute is not shown.
 */
import { formatIn } from '../../../../shared/domain/time-text.js';
import { pluralize } from '../../../../shared/domain/words.js';
import { money, type ReportData } from './model.js';

export type Impact = 'high' | 'medium' | 'low';
export type Category = 'financial' | 'analytics' | 'management' | 'operations';
export interface Insight {
  id: string;
  title: string;
  description: string;
  impact: Impact;
  category: Category;
  type: 'warning' | 'opportunity' | 'info';
  /** Detail lines shown when expanded. */
  details: string[];
  /** What to do (Take Action, high impact only). */
  action?: string;
}
interface Analysis {
  insights: Insight[];
  /** 0-100: how much data the heuristics had. */
  confidence: number;
  basis: string;
}

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
const pct = (n: number) => `${(Math.round(n * 10) / 10).toFixed(1)}%`;
const hourLabel = (h: number) => formatIn(Date.UTC(2000, 0, 1, h), 'UTC', 'h a');

/** §9: peak hours are the hours whose count is at least 80% of the busiest hour's. */
export function peakHours(byHour: Record<string, number>): number[] {
  const entries = Object.entries(byHour)
    .map(([h, n]) => [Number(h), n] as const)
    .filter(([, n]) => n > 0);
  const max = Math.max(0, ...entries.map(([, n]) => n));
  if (!max) return [];
  return entries
    .filter(([, n]) => n >= 0.8 * max)
    .map(([h]) => h)
    .sort((a, b) => a - b);
}

/** §9: only durations above 0 and below 24 hours count; long rentals when the average is above 4 hours. */
export function averageDuration(hours: number[]): { average: number; samples: number } {
  const ok = hours.filter((h) => h > 0 && h < 24);
  return { average: ok.length ? ok.reduce((s, h) => s + h, 0) / ok.length : 0, samples: ok.length };
}

/** §9: VIP = spending over 2× the average and reservations over 1.5× the average; regular = over 0.5× both. */
export function segmentCustomers<T extends { totalSpent: number; reservationCount: number }>(
  cs: T[],
): { vip: T[]; regular: T[] } {
  if (!cs.length) return { vip: [], regular: [] };
  const avgSpent = cs.reduce((s, c) => s + c.totalSpent, 0) / cs.length;
  const avgCount = cs.reduce((s, c) => s + c.reservationCount, 0) / cs.length;
  const vip = cs.filter((c) => c.totalSpent > 2 * avgSpent && c.reservationCount > 1.5 * avgCount);
  const regular = cs.filter(
    (c) => !vip.includes(c) && c.totalSpent > 0.5 * avgSpent && c.reservationCount > 0.5 * avgCount,
  );
  return { vip, regular };
}

/** Share of the total held by the top 20% of contributors (at least one). */
export function topShare(values: number[]): number {
  const total = values.reduce((s, v) => s + v, 0);
  if (total <= 0 || !values.length) return 0;
  const top = [...values].sort((a, b) => b - a).slice(0, Math.max(1, Math.ceil(values.length * 0.2)));
  return (top.reduce((s, v) => s + v, 0) / total) * 100;
}

/** Confidence from the sample: 50 records or more is full confidence. */
export function confidenceOf(samples: number): number {
  return Math.round(Math.min(1, samples / 50) * 100);
}

function peakInsight(byHour: Record<string, number>): Insight | null {
  const peaks = peakHours(byHour);
  if (!peaks.length) return null;
  return {
    id: 'peak-hours',
    title: 'Peak hours',
    type: 'info',
    category: 'operations',
    impact: 'medium',
    description: `Most reservations start at ${peaks.map(hourLabel).join(', ')}.`,
    details: Object.entries(byHour)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([h, n]) => `${hourLabel(Number(h))}: ${n} reservation${n === 1 ? '' : 's'}`),
    action: 'Schedule more staff and keep items ready for these hours.',
  };
}
function longInsight(average: number, samples: number): Insight | null {
  if (!samples || average <= 4) return null;
  return {
    id: 'long-rentals',
    title: 'Long rentals',
    type: 'opportunity',
    category: 'financial',
    impact: 'medium',
    description: `Rentals last ${average.toFixed(1)} hours on average (over 4 hours).`,
    details: [`Based on ${pluralize(samples, 'rental', undefined, String)} between 0 and 24 hours.`],
    action: 'Offer half-day or day rates.',
  };
}
function cancelInsight(cancelled: number, all: number): Insight | null {
  if (!all) return null;
  const rate = (cancelled / all) * 100;
  if (rate <= 10) return null;
  return {
    id: 'cancellations',
    title: 'High cancellation rate',
    type: 'warning',
    category: 'management',
    impact: rate > 25 ? 'high' : 'medium',
    description: `${pct(rate)} of reservations were cancelled (above 10%).`,
    details: [`${cancelled} of ${pluralize(all, 'reservation', undefined, String)} cancelled.`],
    action: 'Ask for deposits or send reminders before the start time.',
  };
}
function concentrationInsight(what: string, share: number, count: number): Insight | null {
  if (share <= 60 || count < 2) return null;
  return {
    id: `concentration-${what}`,
    title: 'Revenue concentration',
    type: 'warning',
    category: 'financial',
    impact: share > 80 ? 'high' : 'medium',
    description: `The top 20% of ${what} bring ${pct(share)} of revenue (above 60%).`,
    details: [`${count} ${what} in this period.`],
    action: `Broaden revenue beyond the top ${what}.`,
  };
}

export function analyze(r: ReportData, zone: string): Analysis {
  const out: (Insight | null)[] = [];
  let samples = 0;
  let basis = '';
  switch (r.type) {
    case 'daily-log': {
      const rs = r.data.reservations;
      samples = rs.length;
      basis = `${count(rs.length, 'reservation')} on ${r.data.date}`;
      const byHour: Record<string, number> = {};
      for (const x of rs.filter((x) => x.status !== 'CANCELLED')) {
        const h = formatIn(Date.parse(x.startTime), r.data.timeZone || zone, 'HH');
        byHour[h] = (byHour[h] ?? 0) + 1;
      }
      out.push(peakInsight(byHour));
      const d = averageDuration(
        rs.filter((x) => x.status !== 'CANCELLED' && x.kind === 'ITEM').map((x) => x.reservationDuration),
      );
      out.push(longInsight(d.average, d.samples));
      out.push(cancelInsight(rs.filter((x) => x.status === 'CANCELLED').length, rs.length));
      break;
    }
    case 'revenue': {
      const d = r.data;
      const all = d.totalReservations + d.cancelledReservations;
      samples = all;
      basis = `${count(all, 'reservation')} from ${d.startDate} to ${d.endDate}`;
      out.push(peakInsight(d.reservationsByHour));
      out.push(longInsight(d.averageDurationHours, d.durationSamples));
      out.push(cancelInsight(d.cancelledReservations, all));
      if (d.totalRevenue > 0 && d.overageRevenue > 0) {
        out.push({
          id: 'overage',
          title: 'Overage revenue',
          type: 'info',
          category: 'financial',
          impact: 'low',
          description: `Late returns brought ${money(d.overageRevenue)} (${pct((d.overageRevenue / d.totalRevenue) * 100)} of revenue).`,
          details: [],
        });
      }
      break;
    }
    case 'employee-performance': {
      const ps = r.data.performanceData;
      samples = ps.reduce((s, p) => s + p.totalReservations, 0);
      basis = `${count(ps.length, 'employee')} and ${count(samples, 'reservation')} from ${r.data.startDate} to ${r.data.endDate}`;
      const low = ps.filter((p) => p.totalReservations > 0 && p.completionRate < 80);
      if (low.length) {
        out.push({
          id: 'completion',
          title: 'Low completion rate',
          type: 'warning',
          category: 'management',
          impact: low.length > ps.length / 2 ? 'high' : 'medium',
          description: `${low.length} employee${low.length === 1 ? '' : 's'} completed fewer than 80% of their reservations.`,
          details: low.map(
            (p) =>
              `${p.employeeName}: ${p.completionRate.toFixed(1)}% (${p.completedReservations} of ${p.totalReservations})`,
          ),
          action: 'Review open and cancelled reservations with these employees.',
        });
      }
      out.push(concentrationInsight('employees', topShare(ps.map((p) => p.totalRevenue)), ps.length));
      break;
    }
    case 'customer-activity': {
      const d = r.data;
      samples = d.totalReservations;
      basis = `${count(d.totalCustomers, 'customer')} and ${count(d.totalReservations, 'reservation')} from ${d.startDate} to ${d.endDate}`;
      if (d.totalCustomers) {
        const retention = (d.returningCustomers / d.totalCustomers) * 100;
        if (retention < 70) {
          out.push({
            id: 'retention',
            title: 'Low customer retention',
            type: 'warning',
            category: 'analytics',
            impact: retention < 40 ? 'high' : 'medium',
            description: `${pct(retention)} of customers came back in this period (below 70%).`,
            details: [
              `${d.returningCustomers} of ${pluralize(d.totalCustomers, 'customer', undefined, String)} made more than one reservation.`,
            ],
            action: 'Reach out to one-time customers with an offer.',
          });
        }
      }
      const { vip, regular } = segmentCustomers(d.topCustomers);
      if (vip.length) {
        out.push({
          id: 'vip',
          title: 'VIP customers',
          type: 'opportunity',
          category: 'analytics',
          impact: 'medium',
          description: `${pluralize(vip.length, 'customer', undefined, String)} spend over twice the average and book over 1.5 times as often.`,
          details: vip.map(
            (c) =>
              `${c.name}: ${money(c.totalSpent)}, ${pluralize(c.reservationCount, 'reservation', undefined, String)}`,
          ),
          action: 'Thank them with a loyalty offer.',
        });
      }
      if (regular.length) {
        out.push({
          id: 'regular',
          title: 'Regular customers',
          type: 'info',
          category: 'analytics',
          impact: 'low',
          description: `${regular.length} regular customer${regular.length === 1 ? '' : 's'} (over half the average in spending and reservations).`,
          details: regular.map((c) => c.name),
        });
      }
      out.push(
        concentrationInsight('customers', topShare(d.topCustomers.map((c) => c.totalSpent)), d.topCustomers.length),
      );
      break;
    }
    case 'cart-utilization': {
      const d = r.data;
      samples = d.items.reduce((s, i) => s + i.reservations, 0);
      basis = `${count(d.items.length, 'item')} and ${count(samples, 'reservation')} from ${d.startDate} to ${d.endDate}`;
      const idle = d.items.filter((i) => i.utilizationRate < 10);
      if (d.items.length) {
        out.push({
          id: 'utilization',
          title: 'Utilization',
          type: 'info',
          category: 'operations',
          impact: d.averageUtilization < 20 ? 'medium' : 'low',
          description: `Items were reserved ${pct(d.averageUtilization)} of opening hours on average.`,
          details: d.productTypes.map(
            (t) => `${t.productType}: ${t.utilizationRate.toFixed(1)}% (${t.hoursReserved} of ${t.hoursOpen} h)`,
          ),
          ...(idle.length ? { action: `Promote or move ${idle.length} item(s) under 10%.` } : {}),
        });
      }
      out.push(concentrationInsight('items', topShare(d.items.map((i) => i.revenue)), d.items.length));
      break;
    }
  }
  return {
    insights: out.filter((x): x is Insight => x != null),
    confidence: confidenceOf(samples),
    basis: `Based on ${basis}`,
  };
}

const IMPACT_ORDER: Record<Impact, number> = { high: 0, medium: 1, low: 2 };
export type ImpactFilter = 'all' | Impact;
export type InsightSort = 'impact' | 'type' | 'title';
export function filterAndSort(xs: Insight[], filter: ImpactFilter, sort: InsightSort): Insight[] {
  const f = filter === 'all' ? xs : xs.filter((x) => x.impact === filter);
  return [...f].sort((a, b) =>
    sort === 'impact'
      ? IMPACT_ORDER[a.impact] - IMPACT_ORDER[b.impact] || a.title.localeCompare(b.title)
      : sort === 'type'
        ? a.type.localeCompare(b.type) || a.title.localeCompare(b.title)
        : a.title.localeCompare(b.title),
  );
}
