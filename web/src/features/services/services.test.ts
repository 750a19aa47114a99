import { z } from 'zod';
import { publicBookingBody } from '../../../../shared/contract/public-booking-models.js';
import { describe, expect, it } from 'vitest';
import { maxLengthOf } from '../../components/form.js';
import { publicService, staffService } from './fixtures.test-helpers.js';
import { bookingBody, limitFor, previewTotal, validateBooking, type PublicService } from './publicBooking.js';
import {
  emptyServiceForm,
  formFromService,
  payloadFromForm,
  splitPreview,
  type ServiceFormState,
} from './serviceForm.js';
import { serviceFormSchema } from './serviceFormSchema.js';

describe('service form', () => {
  it('fills the form from a decoded service: one empty slot row when it has none, rate types upper case', () => {
    const f = formFromService(
      staffService({
        rateType: 'fixed',
        availability: [],
        addons: [{ name: 'A', rate: 2, rateType: 'FIXED' }],
        enableAddons: true,
      }),
    );
    expect(f.availability).toHaveLength(1);
    expect(f.rateType).toBe('FIXED');
    expect(f.addons).toEqual([{ id: undefined, name: 'A', rate: '2', rateType: 'FIXED' }]);
  });

  it('sends object parts as JSON text, a blank rate as 0, non-number slots as 1, payment options only with a method', () => {
    const f = {
      ...emptyServiceForm(),
      name: ' Tour ',
      rate: '',
      availability: [{ date: '2030-01-01', startTime: '10:00', endTime: '11:00', capacity: 'x' }],
    };
    const body = payloadFromForm(f);
    expect(body.rate).toBe(0);
    expect(body.name).toBe('Tour');
    expect(JSON.parse(body.availability)).toEqual([
      { date: '2030-01-01', startTime: '10:00', endTime: '11:00', slotsAvailable: 1, originalSlotsAvailable: 1 },
    ]);
    expect(body.showPaymentOptions).toBe(false);
    expect(
      payloadFromForm({ ...f, paymentSettings: { venmo: '@v', cashApp: '', paypal: '', zelle: '' } })
        .showPaymentOptions,
    ).toBe(true);
    expect(
      JSON.parse(
        payloadFromForm({ ...f, enableAddons: false, addons: [{ name: 'A', rate: '1', rateType: 'FIXED' }] }).addons,
      ),
    ).toEqual([]);
  });

  it('edits a slot as its capacity: a slot read with 3 of 8 places left shows capacity 8 and 5 taken (R-SVC-12)', () => {
    const f = formFromService(
      staffService({
        availability: [
          { date: '2030-01-05', startTime: '17:00', endTime: '19:00', slotsAvailable: 3, originalSlotsAvailable: 8 },
        ],
      }),
    );
    expect(f.availability[0]).toMatchObject({ capacity: '8', taken: 5 });
    // The capacity goes as both counts; the server keeps the taken places (functions/services/service-fields.ts).
    expect(
      JSON.parse(payloadFromForm({ ...f, availability: [{ ...f.availability[0]!, capacity: '10' }] }).availability),
    ).toEqual([
      { date: '2030-01-05', startTime: '17:00', endTime: '19:00', slotsAvailable: 10, originalSlotsAvailable: 10 },
    ]);
  });

  it("sends no time zone: slots are the organization's wall-clock times, not the editor's browser's (docs/decisions/0008-one-time-zone.md)", () => {
    const f = {
      ...emptyServiceForm(),
      name: 'Tour',
      availability: [{ date: '2030-01-01', startTime: '17:00', endTime: '19:00', capacity: '4' }],
    };
    expect('timeZone' in payloadFromForm(f)).toBe(false);
  });

  // The form's messages come from the contract's schemas (one source), keyed by field.
  const problems = (f: ServiceFormState) => {
    const r = serviceFormSchema.safeParse(splitPreview(f).values);
    return Object.fromEntries((r.success ? [] : r.error.issues).map((i) => [i.path.join('.'), i.message]));
  };

  it("validates name, rate, rate step and max participants with the contract's messages, and incomplete slots", () => {
    expect(problems({ ...emptyServiceForm(), rate: '-1', maxParticipants: '101' })).toEqual({
      name: 'Name is required',
      rate: 'Rate must be 0 or more',
      maxParticipants: 'Max participants must be between 1 and 100',
    });
    expect(problems({ ...emptyServiceForm(), name: 'x', rate: '1.005' })).toEqual({
      rate: 'Rate must be in steps of 0.01',
    });
    expect(problems({ ...emptyServiceForm(), name: 'x', rate: '' })).toEqual({});
    expect(
      problems({
        ...emptyServiceForm(),
        name: 'x',
        availability: [{ date: '2030-01-01', startTime: '', endTime: '', capacity: '1' }],
      }),
    ).toEqual({ availability: 'Each time slot needs a date, a start and an end time' });
    expect(maxLengthOf(serviceFormSchema, 'name')).toBe(200);
    expect(maxLengthOf(serviceFormSchema, 'description')).toBe(5000);
  });
});

describe('public booking form', () => {
  const service: PublicService = publicService({
    name: 'Tour',
    rate: 25.5,
    rateType: 'PER_PERSON',
    rsvpSettings: { maxParticipants: null },
    enableAddons: true,
    addons: [{ name: 'Lunch', rate: 12, rateType: 'PER_PERSON' }],
  });
  const slot = { date: '2030-01-01', startTime: '10:00', endTime: '12:00', slotsAvailable: 4 };

  it('shows the messages of R-SVC-1', () => {
    expect(
      validateBooking({
        firstName: '',
        lastName: ' ',
        phone: '',
        email: 'a@b',
        participantCount: 1,
        notes: '',
        allergies: '',
        addons: [],
      }),
    ).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      phone: 'Phone number is required',
      email: 'Please enter a valid email address',
    });
    expect(
      validateBooking({
        firstName: 'a',
        lastName: 'b',
        phone: '1',
        email: '',
        participantCount: 1,
        notes: '',
        allergies: '',
        addons: [],
      }).email,
    ).toBe('Email address is required');
  });

  it('refuses what the booking request schema refuses, with its message (one rule, docs/decisions/0266-each-rule-once.md)', () => {
    const form = {
      firstName: 'Ann\nLee',
      lastName: 'x'.repeat(101),
      phone: '555',
      email: 'ann@example.com',
      participantCount: 1,
      notes: '',
      allergies: '',
      addons: [],
    };
    const customer = z.safeParse(publicBookingBody.shape.customer, {
      firstName: form.firstName,
      lastName: form.lastName,
      phone: form.phone,
      email: form.email,
    });
    const byField = Object.fromEntries(
      (customer.error?.issues ?? []).map((i) => [String(i.path[0]), i.message] as const).reverse(),
    );
    expect(Object.keys(byField).sort()).toEqual(['firstName', 'lastName']);
    expect(validateBooking(form)).toEqual(byField);
  });

  it('clamps participants to the slot and previews the total with the shared pricing', () => {
    expect(limitFor(service, slot)).toBe(4);
    expect(previewTotal(service, slot, { participantCount: 2, addons: ['Lunch'] }).total).toBe(75);
    // Tax applies to services too (docs/decisions/0012-right-about-money.md): 8.25 % of $75 = $6.19 (half away from
    // zero)
    expect(previewTotal({ ...service, taxRate: 8.25 }, slot, { participantCount: 2, addons: ['Lunch'] })).toMatchObject(
      { subtotal: 75, taxRate: 8.25, tax: 6.19, total: 81.19 },
    );
    const body = bookingBody(service, slot, {
      firstName: 'A',
      lastName: 'B',
      phone: '1',
      email: 'a@b.co',
      participantCount: 2,
      notes: '',
      allergies: 'nuts',
      addons: ['Lunch'],
    });
    expect(body).toMatchObject({
      participantCount: 2,
      startTime: '2030-01-01T10:00',
      allergies: '',
      selectedAddons: [{ name: 'Lunch' }],
      isPublicBooking: true,
    });
  });
});
