import { describe, expect, it } from 'vitest';
import { REPORT_TYPES as CONTRACT_TYPES } from '../../../../shared/contract/report-models.js';
import { REPORT_TYPES, defaultParams, formatError, reportTable, toCsv, toHtml } from './model.js';

describe('CSV', () => {
  it('writes header, rows and totals', () => {
    const t = reportTable(
      {
        type: 'customer-activity',
        data: {
          success: true,
          startDate: '2026-11-01',
          endDate: '2026-11-23',
          totalCustomers: 1,
          returningCustomers: 1,
          totalSpent: 80,
          totalReservations: 2,
          noShows: 1,
          topCustomers: [
            { customerId: 'c', name: '=Ada, L', phone: '555', reservationCount: 2, noShows: 1, totalSpent: 80 },
          ],
        },
      },
      'UTC',
    );
    const csv = toCsv(t).split('\r\n');
    // R-RES-12: the no-shows beside the reservations, and in the totals.
    expect(csv[0]).toBe('Customer,Phone,Reservations,No-shows,Booked (total spent)');
    expect(csv[1]).toBe(`"'=Ada, L",555,2,1,$80.00`);
    expect(csv).toContain('Booked (total spent),$80.00');
    expect(csv).toContain('No-shows,1');
    expect(toHtml(t, 'Acme <Rentals>')).toContain('Acme &lt;Rentals&gt;');
  });
});

describe('parameters and formats', () => {
  it("lists the contract's report types", () => expect(REPORT_TYPES).toEqual(CONTRACT_TYPES));
  it('defaults: today, and the first of the month to today in the zone', () => {
    const now = Date.parse('2026-12-01T03:00:00Z'); // Nov 30 in New York
    expect(defaultParams('America/New_York', now)).toEqual({
      date: '2026-11-30',
      startDate: '2026-11-01',
      endDate: '2026-11-30',
    });
  });
  it('daily-log: HTML, PDF, CSV; others HTML, PDF, Excel', () => {
    expect(formatError('daily-log', 'csv')).toBeNull();
    expect(formatError('daily-log', 'excel')).toBe('Format excel not supported for report type daily-log');
    expect(formatError('revenue', 'excel')).toBeNull();
    expect(formatError('revenue', 'csv')).toBe('Format csv not supported for report type revenue');
  });
});
