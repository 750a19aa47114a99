import { describe, expect, it } from 'vitest';
import { checkRefund, computeCharges, hourlyRateCents, hoursBetween, returnMovements } from './charges.js';
import { effectiveRate, quoteCents, staffPriceText } from './pricing.js';
import { depositTypeLabel } from './reservations.js';
import { slotRate } from './slots.js';

// R-RES-2, in cents. Run with TZ=UTC and TZ=Pacific/Auckland: the answers must not move.
describe('reservation charges (R-MONEY-3)', () => {
  it('prices each rate type', () => {
    expect(quoteCents({ rate: 25.5, rateType: 'PER_PERSON', participants: 3 }).totalCents).toBe(7650);
    expect(quoteCents({ rate: 25.5, rateType: 'PER_PERSON' }).totalCents).toBe(2550);
    expect(quoteCents({ rate: 40, rateType: 'FIXED', participants: 7 }).totalCents).toBe(4000);
    expect(quoteCents({ rate: 12.34, rateType: 'PER_ITEM', participants: 4 }).totalCents).toBe(1234);
    // HOURLY: hours x rate rounded once: 1.5 h x $10.01 = $15.015 -> $15.02
    expect(quoteCents({ rate: 10.01, rateType: 'HOURLY', hours: 1.5 }).totalCents).toBe(1502);
    const q = quoteCents({
      rate: 10,
      rateType: 'PER_PERSON',
      participants: 2,
      addons: [
        { name: 'Lunch', rate: 5.5, rateType: 'PER_PERSON' },
        { name: 'Photos', rate: 20 },
      ],
    });
    expect(q).toEqual({
      baseCents: 2000,
      addons: [
        { name: 'Lunch', cents: 1100 },
        { name: 'Photos', cents: 2000 },
      ],
      addonsCents: 3100,
      totalCents: 5100,
    });
  });

  it('picks tiers by creation date in the zone, boundaries inclusive to 23:59:59.999', () => {
    const service = {
      rate: 10,
      rateType: 'PER_PERSON',
      enableTieredPricing: 'true',
      pricingTiers: [
        { name: 'Late', rate: 30, rateType: 'HOURLY', validFrom: '2030-07-01', validTo: '2030-07-31' },
        { name: 'Summer', rate: 15, rateType: 'FIXED', validFrom: '2030-06-01', validTo: '2030-07-15' },
      ],
    };
    const zone = 'Pacific/Auckland'; // UTC+12 in June/July
    // 2030-06-01 00:00 in Auckland is 2030-05-31T12:00Z
    expect(effectiveRate(service, new Date('2030-05-31T11:59:59.999Z'), zone)).toMatchObject({
      rate: 10,
      rateType: 'PER_PERSON',
    });
    expect(effectiveRate(service, new Date('2030-05-31T12:00:00.000Z'), zone)).toMatchObject({
      rate: 15,
      rateType: 'FIXED',
      tier: 'Summer',
    });
    // Sorted by start, first wins: on 2030-07-10 both match; Summer starts first.
    expect(effectiveRate(service, new Date('2030-07-10T00:00:00Z'), zone)).toMatchObject({ tier: 'Summer' });
    // 2030-07-31 23:59:59.999 Auckland = 2030-07-31T11:59:59.999Z: still Late; a millisecond later, base.
    expect(effectiveRate(service, new Date('2030-07-31T11:59:59.999Z'), zone)).toMatchObject({
      tier: 'Late',
      rate: 30,
    });
    expect(effectiveRate(service, new Date('2030-07-31T12:00:00.000Z'), zone)).toMatchObject({ rate: 10 });
    expect(effectiveRate({ ...service, enableTieredPricing: false }, new Date('2030-07-10T00:00:00Z'), zone).rate).toBe(
      10,
    );
  });

  it('prices a slot by its own day in the zone, whenever it is booked (R-SVC-3)', () => {
    const service = {
      rate: 10,
      rateType: 'FIXED',
      enableTieredPricing: true,
      pricingTiers: [{ name: 'Summer', rate: 15, rateType: 'FIXED', validFrom: '2030-06-01', validTo: '2030-08-31' }],
    };
    const zone = 'America/New_York';
    expect(slotRate(service, { date: '2030-07-04', startTime: '09:00', endTime: '11:00' }, zone)).toMatchObject({
      rate: 15,
      tier: 'Summer',
    });
    expect(slotRate(service, { date: '2030-03-04', startTime: '09:00', endTime: '11:00' }, zone).rate).toBe(10);
    // 2030-08-31 23:30 New York is already September in UTC: still the summer tier.
    expect(slotRate(service, { date: '2030-08-31', startTime: '23:30', endTime: '23:59' }, zone).rate).toBe(15);
    expect(slotRate(service, { date: '2030-09-01', startTime: '00:30', endTime: '01:00' }, zone).rate).toBe(10);
  });

  it('takes the hourly rate by precedence', () => {
    expect(hourlyRateCents({ rateAtBooking: 12, variantHourlyRate: 30, productTypeDefaultHourlyRate: 40 })).toBe(1200);
    expect(
      hourlyRateCents({
        rateAtBooking: null,
        variantHourlyRate: 30,
        itemHourlyRate: 35,
        productTypeDefaultHourlyRate: 40,
      }),
    ).toBe(3000);
    expect(hourlyRateCents({ variantHourlyRate: 0, itemHourlyRate: 35, productTypeDefaultHourlyRate: 40 })).toBe(3500);
    expect(hourlyRateCents({ productTypeDefaultHourlyRate: 40, cartHourlyRate: 50 })).toBe(4000);
    expect(hourlyRateCents({ cartHourlyRate: 50, serviceRate: 60 })).toBe(5000);
    expect(hourlyRateCents({ serviceRate: 60 })).toBe(6000);
    expect(hourlyRateCents({})).toBe(0);
  });

  it('adds overage only without a service: the amount, else hours x rate', () => {
    const item = computeCharges({ baseCents: 4000, hasService: false, hourlyRateCents: 2000, overageHours: 1.25 });
    expect(item).toMatchObject({ overageHours: 1.25, overageCents: 2500, subtotalCents: 6500, totalCents: 6500 });
    const byAmount = computeCharges({
      baseCents: 4000,
      hasService: false,
      hourlyRateCents: 2000,
      overageHours: 1.25,
      overageCents: 1000,
    });
    expect(byAmount).toMatchObject({ overageCents: 1000, subtotalCents: 5000 });
    const service = computeCharges({
      baseCents: 4000,
      hasService: true,
      hourlyRateCents: 2000,
      overageHours: 3,
      overageCents: 999,
    });
    expect(service).toMatchObject({ overageHours: 0, overageCents: 0, subtotalCents: 4000 });
  });

  it('subtracts refunds, never below zero, and taxes the subtotal once', () => {
    expect(
      computeCharges({ baseCents: 4000, hasService: false, hourlyRateCents: 2000, refundCents: 5000 }),
    ).toMatchObject({ subtotalCents: 0, taxCents: 0, totalCents: 0 });
    // 8.25 % of $33.33 = 274.97 cents -> 275
    expect(computeCharges({ baseCents: 3333, hasService: false, hourlyRateCents: 0, taxRate: 8.25 })).toMatchObject({
      taxRate: 8.25,
      taxCents: 275,
      totalCents: 3608,
    });
    // R-SET-4, 3 decimals: 8.875 % of $19.99 = 177.41125 cents -> 177; total $21.76
    expect(computeCharges({ baseCents: 1999, hasService: false, hourlyRateCents: 0, taxRate: 8.875 })).toMatchObject({
      taxRate: 8.875,
      taxCents: 177,
      totalCents: 2176,
    });
    // 8.875 % of $40.00 + 1 h overage at $20.00 - $4.00 refund = $56.00 -> 497 cents; total $60.97
    expect(
      computeCharges({
        baseCents: 4000,
        hasService: false,
        hourlyRateCents: 2000,
        overageHours: 1,
        refundCents: 400,
        taxRate: 8.875,
      }),
    ).toMatchObject({ subtotalCents: 5600, taxCents: 497, totalCents: 6097 });
    // A rate carried with binary noise is applied and kept as its 3 decimals
    expect(
      computeCharges({ baseCents: 10000, hasService: false, hourlyRateCents: 0, taxRate: 4.005000000001 }),
    ).toMatchObject({ taxRate: 4.005, taxCents: 401, totalCents: 10401 });
    // 7.5 % of $0.10 = 0.75 cents -> 1 (half away from zero)
    expect(computeCharges({ baseCents: 10, hasService: false, hourlyRateCents: 0, taxRate: 7.5 }).taxCents).toBe(1);
    expect(computeCharges({ baseCents: 3333, hasService: false, hourlyRateCents: 0, taxRate: 0 })).toMatchObject({
      taxRate: 0,
      taxCents: 0,
      totalCents: 3333,
    });
    expect(computeCharges({ baseCents: 3333, hasService: false, hourlyRateCents: 0, taxRate: null })).toMatchObject({
      taxCents: 0,
    });
  });

  it('checks refunds by hours (capped) and by amount (refused above the total)', () => {
    expect(checkRefund({ hours: 1.5, cash: true, hourlyRateCents: 2000, capCents: 10000 })).toEqual({
      ok: true,
      refundCents: 3000,
      refundHours: 1.5,
    });
    expect(checkRefund({ hours: 24, credit: true, hourlyRateCents: 2000, capCents: 10000 })).toEqual({
      ok: true,
      refundCents: 10000,
      refundHours: 24,
    });
    expect(checkRefund({ hours: 1.3, cash: true, hourlyRateCents: 2000, capCents: 10000 })).toMatchObject({
      ok: false,
    });
    expect(checkRefund({ hours: 24.25, cash: true, hourlyRateCents: 2000, capCents: 10000 })).toMatchObject({
      ok: false,
    });
    expect(checkRefund({ amount: 100, cash: true, hourlyRateCents: 2000, capCents: 10000 })).toEqual({
      ok: true,
      refundCents: 10000,
      refundHours: 0,
    });
    expect(checkRefund({ amount: 100.01, cash: true, hourlyRateCents: 2000, capCents: 10000 })).toEqual({
      ok: false,
      message: 'Refund amount cannot exceed the total reservation amount ($100.00). Please adjust the refund amount.',
    });
    expect(checkRefund({ amount: 5, hourlyRateCents: 2000, capCents: 10000 })).toEqual({
      ok: false,
      message: 'Please select either Cash or Credit (or both) for the refund payment method.',
    });
    expect(checkRefund({ hours: 0, amount: 0, hourlyRateCents: 2000, capCents: 10000 })).toEqual({
      ok: true,
      refundCents: 0,
      refundHours: 0,
    });
    // manualEntry 'hours' wins over a stale amount
    expect(
      checkRefund({ hours: 1, amount: 3, manualEntry: 'hours', cash: true, hourlyRateCents: 2000, capCents: 10000 }),
    ).toMatchObject({ refundCents: 2000 });
  });

  it('measures hours with a 36e5 divisor and names deposit types', () => {
    expect(hoursBetween(0, 90 * 60_000)).toBe(1.5);
    expect(hoursBetween(0, 20 * 60_000)).toBe(0.33);
    expect(depositTypeLabel(true, true)).toBe('Cash & Credit');
    expect(depositTypeLabel(true, false)).toBe('Cash');
    expect(depositTypeLabel(false, true)).toBe('Credit');
    expect(depositTypeLabel(false, false)).toBe('Not specified');
  });
});

describe('prices on staff screens (R-BOOK-4, docs/decisions/0012-right-about-money.md)', () => {
  it('prints the spec labels, never the raw rate type', () => {
    expect(staffPriceText(55, 'PER_PERSON')).toBe('$55.00/person');
    expect(staffPriceText(40, 'HOURLY')).toBe('$40.00/hour');
    expect(staffPriceText(50, 'FIXED')).toBe('$50.00 (fixed)');
    expect(staffPriceText(12.5, 'PER_ITEM')).toBe('$12.50/item');
  });
  it('with the tier in force today, named, instead of the base rate', () => {
    const service = {
      rate: 45,
      rateType: 'PER_PERSON',
      enableTieredPricing: true,
      pricingTiers: [
        { name: 'Summer', rate: 55, rateType: 'PER_PERSON', validFrom: '2030-06-01', validTo: '2030-08-31' },
      ],
    };
    const price = effectiveRate(service, new Date('2030-07-04T15:00:00Z'), 'America/New_York');
    expect([staffPriceText(price.rate, price.rateType), price.tier]).toEqual(['$55.00/person', 'Summer']);
  });
});

describe('the money movements of a return (docs/decisions/0012-right-about-money.md)', () => {
  it("docs/decisions/0012-right-about-money.md's example: base $50 + $37.50 overage − $12.50 refund at 8.25 %, $10 deposit: a charge and a refund that add up to the balance", () => {
    const unrefunded = computeCharges({
      baseCents: 5000,
      hasService: false,
      hourlyRateCents: 2500,
      overageCents: 3750,
      taxRate: 8.25,
    });
    const charged = computeCharges({
      baseCents: 5000,
      hasService: false,
      hourlyRateCents: 2500,
      overageCents: 3750,
      refundCents: 1250,
      taxRate: 8.25,
    });
    expect(charged.totalCents).toBe(8119);
    const m = returnMovements({
      unrefundedTotalCents: unrefunded.totalCents,
      totalCents: charged.totalCents,
      depositCents: 1000,
    });
    expect(m).toEqual({ chargeCents: 9472 - 1000, refundCents: 9472 - 8119, paidBackCents: 9472 - 8119 });
    // A deposit above the rental cost is paid back too (R-REP-9).
    expect(returnMovements({ unrefundedTotalCents: 3000, totalCents: 2500, depositCents: 4000 }).paidBackCents).toBe(
      1500,
    );
    expect(m.chargeCents - m.refundCents).toBe(charged.totalCents - 1000);
  });
});
