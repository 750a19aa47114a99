import { describe, expect, it } from 'vitest';
import { reservation } from './fixtures.test-helpers.js';
import { previewCharges } from './returnForm.js';
import { EMPTY_REFUND } from './refundRules.js';

describe('return preview of a rental of days (R-RES-15)', () => {
  const end = Date.parse('2030-06-04T14:00:00.000Z');
  const threeDays = (over = {}) =>
    reservation({
      startTime: '2030-06-01T14:00:00.000Z',
      endTime: new Date(end).toISOString(),
      reservationDuration: 72,
      baseAmount: 180,
      taxRate: 0,
      hourlyRateAtBooking: 12.5,
      dailyRateAtBooking: 60,
      priceBasis: 'daily',
      ...over,
    });

  it('prices a late return by the rates at booking: a late day at most a day', () => {
    const c = previewCharges(threeDays(), end + 10 * 36e5, EMPTY_REFUND, 0).charges;
    expect([c.overageHours, c.overageCents, c.subtotalCents]).toEqual([10, 6000, 24000]);
    expect(previewCharges(threeDays(), end + 2 * 36e5, EMPTY_REFUND, 0).charges.overageCents).toBe(2500);
  });

  it('hourly only: hours x rate as before', () => {
    const c = previewCharges(threeDays({ dailyRateAtBooking: null }), end + 10 * 36e5, EMPTY_REFUND, 0).charges;
    expect(c.overageCents).toBe(12500);
  });
});
