import { describe, expect, it } from 'vitest';
import { RESERVATION_STATUSES } from '../domain/reservations.js';
import type { DailyLogReport } from '../contract/report-models.js';
import { REPORT_LABELS } from './model.js';
import { reportTable } from './table.js';
import { toCsv } from './text-exports.js';

// Only what the daily log's table reads of a reservation.
const row = (status: string, n: number) => ({
  reservationNumber: `RES-00000${n}`,
  startTime: '2030-05-01T14:00:00.000Z',
  customer: { firstName: 'Jane', lastName: 'Doe' },
  kind: 'ITEM',
  inventoryItem: { name: 'Kayak', itemNumber: 'KAY-001' },
  status,
  totalAmount: 50,
});

describe('exports speak words, not codes (R-INV-11)', () => {
  it('shows each reservation status of the daily log by its label, in the table and the CSV', () => {
    const data = {
      date: '2030-05-01',
      reservations: RESERVATION_STATUSES.map((s, i) => row(s, i + 1)),
    } as unknown as DailyLogReport;
    const table = reportTable({ type: 'daily-log', data }, 'America/New_York');
    expect(table.rows.map((r) => r.status)).toEqual(['Active', 'Completed', 'Cancelled']);
    const csv = toCsv(table);
    expect(csv).toContain('Completed');
    expect(csv).not.toMatch(/\b(ACTIVE|COMPLETED|CANCELLED)\b/);
  });
  it('names the utilization report for any business, not golf carts', () => {
    expect(REPORT_LABELS['cart-utilization']).toBe('Item Utilization');
  });
});
