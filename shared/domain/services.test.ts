import { describe, expect, it } from 'vitest';
import { roundDollars } from './money.js';
import { bookingNotes, effectiveRate, formatUsd, quote } from './pricing.js';
import { isShareTokenShape, publicLoadErrorMessage, shareLink } from './share.js';
import { configuredMethods, hasPaymentMethod, paymentLinks, paymentNoteFor } from './share-payment.js';
import { clampParticipants } from './party.js';
import {
  bookableSlots,
  eventHasEnded,
  normalizeSlotCount,
  participantLimit,
  placesTaken,
  slotHours,
  slotStart,
  wallClockToInstant,
} from './slots.js';

describe('pricing (R-SVC-3)', () => {
  it('multiplies PER_PERSON by participants and PER_PERSON add-ons too; others once', () => {
    const q = quote({
      rate: 25.5,
      rateType: 'PER_PERSON',
      participants: 2,
      addons: [
        { name: 'Lunch', rate: 12, rateType: 'PER_PERSON' },
        { name: 'Photos', rate: 20, rateType: 'FIXED' },
        { name: 'Map', rate: 1.1, rateType: 'PER_ITEM' },
      ],
    });
    expect(q).toEqual({
      base: 51,
      addons: [
        { name: 'Lunch', amount: 24 },
        { name: 'Photos', amount: 20 },
        { name: 'Map', amount: 1.1 },
      ],
      addonsTotal: 45.1,
      total: 96.1,
    });
    expect(quote({ rate: 40, rateType: 'FIXED', participants: 7 }).total).toBe(40);
    expect(quote({ rate: 15, rateType: 'HOURLY', hours: 2.5 }).total).toBe(37.5);
    expect(quote({ rate: 10, rateType: 'PER_PERSON' }).total).toBe(10);
    expect(quote({ rate: 0.1, rateType: 'PER_PERSON', participants: 3 }).total).toBe(0.3);
  });

  it('rounds money to cents and formats USD', () => {
    expect(roundDollars(1.005)).toBe(1.01);
    expect(roundDollars(0.1 + 0.2)).toBe(0.3);
    expect(formatUsd(95)).toBe('$95.00');
    expect(formatUsd('12.5')).toBe('$12.50');
  });

  it('lets a tier whose dates contain the booking day replace rate and type (end day inclusive)', () => {
    const service = {
      rate: 10,
      rateType: 'PER_PERSON',
      enableTieredPricing: true,
      pricingTiers: [{ name: 'Summer', rate: 15, rateType: 'FIXED', validFrom: '2030-06-01', validTo: '2030-08-31' }],
    };
    // Day boundaries in the service's zone (New York, UTC-4 in summer), whatever the host's zone.
    expect(effectiveRate(service, new Date('2030-09-01T03:59:00Z'), 'America/New_York')).toMatchObject({
      rate: 15,
      rateType: 'FIXED',
    });
    expect(effectiveRate(service, new Date('2030-09-01T04:00:01Z'), 'America/New_York')).toMatchObject({
      rate: 10,
      rateType: 'PER_PERSON',
    });
    expect(effectiveRate(service, new Date('2030-05-31T12:00:00Z'), 'Pacific/Auckland')).toMatchObject({ rate: 15 });
    expect(effectiveRate({ ...service, enableTieredPricing: false }, new Date('2030-07-01T12:00:00')).rate).toBe(10);
  });

  it("writes 'Participants: N' and 'Selected Add-ons:' in notes for people (R-BOOK-4)", () => {
    const notes = bookingNotes({
      participants: 2,
      addonNames: ['Lunch', 'Photos'],
      notes: 'Window seat',
      allergies: 'Peanuts',
    });
    expect(notes).toBe('Window seat\nAllergies: Peanuts\nParticipants: 2\nSelected Add-ons:\nLunch\nPhotos');
  });
});

describe('slots (R-BOOK-1, R-SVC-2)', () => {
  const now = Date.parse('2030-05-10T12:00:00Z');
  const slots = [
    { date: '2030-05-10', startTime: '11:00', endTime: '13:00', slotsAvailable: 4 },
    { date: '2030-05-12', startTime: '09:00', endTime: '10:00', slotsAvailable: 0 },
    { date: '2030-05-11', startTime: '09:00', endTime: '10:00', slotsAvailable: 2 },
    { date: '2030-05-10', startTime: '12:30', endTime: '13:30', slotsAvailable: 1 },
  ];

  it('keeps only future slots with places left, soonest first', () => {
    expect(bookableSlots(slots, now, 'UTC').map((s) => `${s.date} ${s.startTime}`)).toEqual([
      '2030-05-10 12:30',
      '2030-05-11 09:00',
    ]);
  });

  it('reads wall-clock times in the service time zone, across daylight saving', () => {
    expect(new Date(wallClockToInstant('2030-07-01', '10:00', 'America/New_York')).toISOString()).toBe(
      '2030-07-01T14:00:00.000Z',
    );
    expect(new Date(wallClockToInstant('2030-01-15', '10:00', 'America/New_York')).toISOString()).toBe(
      '2030-01-15T15:00:00.000Z',
    );
    expect(slotStart({ date: '2030-05-10', startTime: '12:30', endTime: '13:00' }, 'Europe/Berlin')).toBe(
      Date.parse('2030-05-10T10:30:00Z'),
    );
    expect(slotHours({ date: '2030-05-10', startTime: '22:00', endTime: '01:30' }, 'UTC')).toBe(3.5);
  });

  it('says the event has ended only when every slot has ended', () => {
    expect(eventHasEnded(slots, now, 'UTC')).toBe(false);
    expect(eventHasEnded(slots, Date.parse('2030-05-13T00:00:00Z'), 'UTC')).toBe(true);
    expect(eventHasEnded([], now, 'UTC')).toBe(false);
  });

  it('clamps participants to min(service max or 10, places, 50), at least 1', () => {
    expect(participantLimit(undefined, 30)).toBe(10);
    expect(participantLimit(0, 30)).toBe(10);
    expect(participantLimit(8, 3)).toBe(3);
    expect(participantLimit(100, 80)).toBe(50);
    expect(participantLimit(5, 0)).toBe(1);
    expect(clampParticipants(7, 3)).toBe(3);
    expect(clampParticipants(0, 3)).toBe(1);
    expect(clampParticipants('2', 3)).toBe(2);
    expect(clampParticipants('abc', 3)).toBe(1);
    expect(placesTaken('PER_PERSON', 4)).toBe(4);
    expect(placesTaken('FIXED', 4)).toBe(1);
  });

  it('turns non-numbers into 1 slot and never goes below 1', () => {
    expect(normalizeSlotCount('x')).toBe(1);
    expect(normalizeSlotCount('')).toBe(1);
    expect(normalizeSlotCount(-3)).toBe(1);
    expect(normalizeSlotCount('7')).toBe(7);
  });
});

describe('share links and payment', () => {
  it('builds {origin}/service/{token} and knows a token by its shape', () => {
    expect(shareLink('https://acme.example.com/', 'abc_DEF-123456789012')).toBe(
      'https://acme.example.com/service/abc_DEF-123456789012',
    );
    expect(isShareTokenShape('a'.repeat(43))).toBe(true);
    expect(isShareTokenShape('short')).toBe(false);
    expect(isShareTokenShape('../../etc/passwd-xxxxxxxx')).toBe(false);
  });

  it('maps load failures to the texts of R-SVC-1', () => {
    expect(publicLoadErrorMessage(404, 'LINK_EXPIRED')).toBe(
      'This booking link has expired. Please contact the organizer for a new link.',
    );
    expect(publicLoadErrorMessage(404, 'NOT_FOUND')).toBe('Service not found or link has expired');
    expect(publicLoadErrorMessage(404, 'SERVICE_UNAVAILABLE')).toBe(
      'This service is currently unavailable. Please contact the organizer.',
    );
    expect(publicLoadErrorMessage(410, 'EVENT_EXPIRED')).toBe(
      'This event has ended and is no longer available for booking.',
    );
    expect(publicLoadErrorMessage(410, undefined)).toBe('This event is no longer available');
    expect(publicLoadErrorMessage(500, undefined)).toBe('Failed to load service information');
  });

  it('keeps only configured methods and builds deep links with amount and note', () => {
    expect(configuredMethods({ venmo: ' @v ', cashApp: '', paypal: null, zelle: 'z@x.com' })).toEqual({
      venmo: '@v',
      zelle: 'z@x.com',
    });
    expect(hasPaymentMethod({ venmo: '   ' })).toBe(false);
    const note = paymentNoteFor('RES-000007', 'Kayak', '');
    expect(note).toBe('Kayak - RES-000007');
    const web = paymentLinks(
      { venmo: '@kayaks', cashApp: '$kayak', paypal: 'https://paypal.me/kayakco', zelle: 'z' },
      95,
      note,
      { mobile: false },
    );
    expect(web.map((l) => l.href)).toEqual([
      'https://venmo.com/kayaks?txn=pay&amount=95.00&note=Kayak%20-%20RES-000007',
      'https://cash.app/$kayak/95.00?note=Kayak%20-%20RES-000007',
      'https://paypal.me/kayakco/95.00USD?note=Kayak%20-%20RES-000007',
    ]);
    expect(paymentLinks({ venmo: 'kayaks' }, 10, 'n', { mobile: true })[0]!.href).toBe(
      'venmo://paycharge?recipients=kayaks&txn=pay&amount=10.00&note=n',
    );
  });
});
