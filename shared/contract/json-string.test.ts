import { describe, expect, it } from 'vitest';
import * as z from '../zod.js';
import { jsonString } from './json-string.js';
import { staffServiceSchema } from './responses.js';

const slots = jsonString(z.array(z.object({ date: z.string(), slotsAvailable: z.number() })), 'Availability');

describe('jsonString: a JSON-text field decoded and checked once', () => {
  it('decodes text into the typed value and encodes it back to the same text', () => {
    const text = '[{"date":"2030-01-05","slotsAvailable":6}]';
    expect(z.decode(slots, text)).toEqual([{ date: '2030-01-05', slotsAvailable: 6 }]);
    expect(z.encode(slots, [{ date: '2030-01-05', slotsAvailable: 6 }])).toBe(text);
  });

  it('refuses text that is not JSON, naming the field, and JSON of the wrong shape', () => {
    const bad = z.safeDecode(slots, 'oops');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Availability must be valid JSON');
    const wrong = z.safeDecode(slots, '[{"date":"2030-01-05","slotsAvailable":"six"}]');
    expect(wrong.error?.issues[0]?.path).toEqual([0, 'slotsAvailable']);
  });

  it('gives the staff service its wire form: object fields as JSON text, the rest as is', () => {
    const wire = {
      id: 's1',
      name: 'Tour',
      description: null,
      location: null,
      photo: null,
      photoUrls: '{"medium":"https://cdn/m.webp"}',
      photoBaseKey: null,
      rate: 25,
      rateType: 'PER_PERSON',
      availability: '[{"date":"2030-01-05","startTime":"17:00","endTime":"19:00","slotsAvailable":6}]',
      showPaymentOptions: true,
      notes: null,
      paymentSettings: '{"venmo":"@bay"}',
      paymentNote: null,
      hosts: '[]',
      rsvpSettings: '{"maxParticipants":8,"enablePublicBookings":true}',
      questionnaire: '{"collectAllergies":false}',
      privacySettings: '{}',
      reminderSettings: '{}',
      enableTieredPricing: false,
      pricingTiers: '[]',
      enableAddons: true,
      addons: '[{"name":"Lunch","rate":12,"rateType":"PER_PERSON"}]',
      shareToken: null,
      isActive: true,
      timeZone: null,
      createdAt: '2030-01-01T00:00:00.000Z',
      updatedAt: '2030-01-01T00:00:00.000Z',
    };
    const service = z.decode(staffServiceSchema, wire);
    expect(service.availability[0]).toEqual({
      date: '2030-01-05',
      startTime: '17:00',
      endTime: '19:00',
      slotsAvailable: 6,
    });
    expect(service.rsvpSettings.maxParticipants).toBe(8);
    expect(service.addons).toEqual([{ name: 'Lunch', rate: 12, rateType: 'PER_PERSON' }]);
    expect(service.photoUrls?.medium).toBe('https://cdn/m.webp');
    expect(z.encode(staffServiceSchema, service)).toEqual(wire);
    expect(z.safeDecode(staffServiceSchema, { ...wire, rsvpSettings: '{bad' }).success).toBe(false);
  });
});
