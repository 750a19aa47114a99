import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { trustedTenant } from '../lib/keys.js';
import { defaultTemplate, renderEmail } from '../lib/templates.js';
import { type BusinessBits, calendarAttachment } from '../reservation-rows/booking-mail.js';
import {
  businessVariables,
  CANCELLATION_NOTICE_TEMPLATE,
  CUSTOMER_TEMPLATE,
  customerVariables,
  NO_SHOW_NOTICE_TEMPLATE,
  paidOnRecord,
} from './cancellation-mail.js';
import type { ReservationRow } from '../reservation-rows/row-schemas.js';

const business: BusinessBits = {
  subdomain: 'lake',
  name: 'Lake Tours',
  phone: '555 010 2000',
  email: 'desk@lake.test',
  address: '1 Dock Road',
  zone: 'America/New_York',
};

function row(over: Partial<ReservationRow> = {}): ReservationRow {
  return {
    id: 'r1',
    reservationNumber: 'RES-000042',
    status: 'CANCELLED',
    kind: 'SERVICE',
    serviceId: 's1',
    service: { id: 's1', name: 'Sunset tour', rate: 40, rateType: 'PER_PERSON' },
    participantCount: 3,
    customerId: 'c1',
    customer: { id: 'c1', firstName: 'Ada', lastName: 'Lovelace', phone: '5551234567', email: 'ada@example.com' },
    // 14:00 UTC on a summer day: 10:00 in New York, 16:00 in Berlin.
    startTime: '2030-07-01T14:00:00.000Z',
    endTime: '2030-07-01T16:00:00.000Z',
    totalAmountCents: 12000,
    createdAt: '2030-06-01T00:00:00.000Z',
    updatedAt: '2030-06-20T09:00:00.000Z',
    ...over,
  } as ReservationRow;
}

const render = async (name: string, variables: Record<string, unknown>) =>
  renderEmail(defaultTemplate(name)!, variables);

describe('the money on record (R-RES-14: what the business records, no refund invented)', () => {
  it('a paid service booking: the amount tracked as paid, else its total', () => {
    expect(paidOnRecord(row({ isPaid: true, paidAmountCents: 5050 }))).toBe('$50.50');
    expect(paidOnRecord(row({ isPaid: true, paidAmountCents: null }))).toBe('$120.00');
  });
  it('an unpaid service booking: nothing', () => {
    expect(paidOnRecord(row({ isPaid: false, paidAmountCents: 5000 }))).toBeNull();
    expect(paidOnRecord(row({}))).toBeNull();
  });
  it('an item rental: its deposit', () => {
    expect(paidOnRecord(row({ kind: 'ITEM', depositAmountCents: 10000 }))).toBe('$100.00 (deposit)');
    expect(paidOnRecord(row({ kind: 'ITEM', depositAmountCents: 0 }))).toBeNull();
  });
});

describe("the customer's cancellation mail", () => {
  it("writes the time in the organization's zone, with the zone named", async () => {
    const mail = await render(CUSTOMER_TEMPLATE, customerVariables(row(), business, 'staff'));
    expect(mail.subject).toBe(
      'Cancelled: Sunset tour on Mon, Jul 1, 2030, 10:00 AM – 12:00 PM EDT (America/New_York) (RES-000042)',
    );
    expect(mail.text).toContain('Lake Tours has cancelled your booking.');
    expect(mail.text).toContain('Participants: 3');
    expect(mail.text).toContain('Phone: 555 010 2000');
    expect(mail.text).toContain('E-mail: desk@lake.test');
    expect(mail.text).not.toContain('payment of');
  });

  it("the booking's own zone wins over the organization's (a service in another zone)", async () => {
    const v = customerVariables(row({ timeZone: 'Europe/Berlin' }), business, 'customer');
    expect(v.when).toBe('Mon, Jul 1, 2030, 4:00 PM – 6:00 PM GMT+2 (Europe/Berlin)');
    const mail = await render(CUSTOMER_TEMPLATE, v);
    expect(mail.text).toContain('As you asked, your booking with Lake Tours is cancelled.');
  });

  it('names a payment on record and sends the customer to the business about a refund, promising none', async () => {
    const mail = await render(
      CUSTOMER_TEMPLATE,
      customerVariables(row({ isPaid: true, paidAmountCents: 12000 }), business, 'staff'),
    );
    expect(mail.text).toContain('Lake Tours has a payment of $120.00 on record for this booking.');
    expect(mail.text).toContain('Any refund follows its policy; please contact Lake Tours about it.');
    expect(mail.text).not.toMatch(/will be refunded|refund of/i);
  });

  it('an unpaid booking lapsed at its deadline says why', async () => {
    const mail = await render(CUSTOMER_TEMPLATE, customerVariables(row(), business, 'unpaid'));
    expect(mail.text).toContain('payment was not received by the deadline');
  });

  it('attaches the booking as METHOD:CANCEL with the UID of the booking’s other calendar files', () => {
    const r = row();
    const tenant = trustedTenant('t1');
    const sent = calendarAttachment(tenant, r, 'Sunset tour', business);
    const cancel = calendarAttachment(tenant, r, 'Sunset tour', business, true);
    expect(cancel.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
    expect(cancel.filename).toBe('RES-000042.ics');
    const parse = (a: typeof cancel) => new ICAL.Component(ICAL.parse(new TextDecoder().decode(a.content)));
    const [before, after] = [parse(sent), parse(cancel)];
    expect(after.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(before.getFirstPropertyValue('method')).toBe('PUBLISH');
    const event = (c: ICAL.Component) => new ICAL.Event(c.getFirstSubcomponent('vevent')!);
    expect(event(after).uid).toBe(event(before).uid);
    expect(event(after).uid).toBe('r1.t1@bookings');
    expect(event(after).component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(event(after).sequence).toBe(1);
  });
});

describe("the business's notices", () => {
  it('a customer cancellation: who, how to reach them, the money to settle', async () => {
    const mail = await render(
      CANCELLATION_NOTICE_TEMPLATE,
      businessVariables(row({ isPaid: true, paidAmountCents: 4000 }), business),
    );
    expect(mail.subject).toContain('Cancelled by the customer: Sunset tour on Mon, Jul 1, 2030, 10:00 AM');
    expect(mail.text).toContain('Ada Lovelace cancelled their booking online.');
    expect(mail.text).toContain('E-mail: ada@example.com');
    expect(mail.text).toContain('A payment of $40.00 is on record');
  });

  it('a no-show: who marked it', async () => {
    const noShowBy = { id: 'u1', firstName: 'Sam', lastName: 'Staff' };
    const mail = await render(NO_SHOW_NOTICE_TEMPLATE, businessVariables(row({ noShow: true, noShowBy }), business));
    expect(mail.subject).toBe(
      'No-show: Ada Lovelace, Sunset tour on Mon, Jul 1, 2030, 10:00 AM – 12:00 PM EDT (America/New_York) (RES-000042)',
    );
    expect(mail.text).toContain('Ada Lovelace did not show up for their booking (marked by Sam Staff).');
  });
});
