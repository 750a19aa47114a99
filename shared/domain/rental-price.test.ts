import { describe, expect, it } from 'vitest';
import { computeCharges, rentalOverageCents, rentalPrice } from './charges.js';

// R-RES-15: a kayak at $12.50 an hour, $60 a day, $300 a week (cents).
const kayak = { hourlyCents: 1250, dailyCents: 6000, weeklyCents: 30000 };
const noWeek = { hourlyCents: 1250, dailyCents: 6000 };

describe('rentalPrice (R-RES-15)', () => {
  it('short rentals go by the hour', () => {
    expect(rentalPrice(3, noWeek)).toEqual({ cents: 3750, basis: 'hourly' });
    expect(rentalPrice(4.8, noWeek)).toEqual({ cents: 6000, basis: 'hourly' });
  });
  it('a day is used once it is cheaper than the hours', () => {
    // 8 h x $12.50 = $100 > $60
    expect(rentalPrice(8, noWeek)).toEqual({ cents: 6000, basis: 'daily' });
  });
  it('26 h: one day plus two hours', () => {
    expect(rentalPrice(26, noWeek)).toEqual({ cents: 6000 + 2500, basis: 'daily' });
  });
  it('the hours after whole days never cost more than one more day', () => {
    expect(rentalPrice(24 + 10, noWeek)).toEqual({ cents: 12000, basis: 'daily' });
  });
  it('3 days at the daily rate', () => {
    expect(rentalPrice(72, noWeek)).toEqual({ cents: 18000, basis: 'daily' });
  });
  it('9 days with a weekly rate: a week plus two days', () => {
    expect(rentalPrice(9 * 24, kayak)).toEqual({ cents: 30000 + 12000, basis: 'weekly' });
    // 6 days: 6 x $60 = $360 > a week's $300
    expect(rentalPrice(6 * 24, kayak)).toEqual({ cents: 30000, basis: 'weekly' });
    // 13 days: a week plus 6 days capped at one more week
    expect(rentalPrice(13 * 24, kayak)).toEqual({ cents: 60000, basis: 'weekly' });
  });
  it('without a daily rate it is the hourly price, rounded once', () => {
    expect(rentalPrice(72, { hourlyCents: 1333 })).toEqual({ cents: 95976, basis: 'hourly' });
    expect(rentalPrice(1.25, { hourlyCents: 1333 })).toEqual({ cents: 1666, basis: 'hourly' });
  });
  it('without an hourly rate a started day is a day', () => {
    expect(rentalPrice(3, { hourlyCents: 0, dailyCents: 6000 })).toEqual({ cents: 6000, basis: 'daily' });
    expect(rentalPrice(25, { hourlyCents: 0, dailyCents: 6000 })).toEqual({ cents: 12000, basis: 'daily' });
  });
  it('no rate at all is 0', () => {
    expect(rentalPrice(5, { hourlyCents: 0 })).toEqual({ cents: 0, basis: 'hourly' });
  });
  it('per day when chosen: every started day at the daily rate', () => {
    expect(rentalPrice(3, noWeek, true)).toEqual({ cents: 6000, basis: 'daily' });
    expect(rentalPrice(48, noWeek, true)).toEqual({ cents: 12000, basis: 'daily' });
    // no daily rate: the choice cannot apply
    expect(rentalPrice(3, { hourlyCents: 1250 }, true)).toEqual({ cents: 3750, basis: 'hourly' });
  });
});

describe('overage by the rates at booking (R-RES-15)', () => {
  it('hourly only: hours x rate, as before', () => {
    expect(rentalOverageCents(2, 1.5, { hourlyCents: 2000 })).toBe(3000);
  });
  it('a late day costs at most a day', () => {
    // 3 days booked, 10 h late: a fourth day ($60), not 10 x $12.50
    expect(rentalOverageCents(72, 10, noWeek)).toBe(6000);
    expect(rentalOverageCents(72, 2, noWeek)).toBe(2500);
  });
  it('computeCharges uses it, also when the hours kept cost nothing more', () => {
    const c = computeCharges({
      baseCents: 6000,
      hasService: false,
      hourlyRateCents: 1250,
      overageHours: 2,
      rental: { bookedHours: 20, rates: noWeek },
    });
    expect(c.overageCents).toBe(0);
    expect(c.subtotalCents).toBe(6000);
  });
});
