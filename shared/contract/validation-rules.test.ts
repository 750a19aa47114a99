import { describe, expect, it } from 'vitest';

import * as z from '../zod.js';
import { serviceBody } from './service-models.js';
import { publicBookingBody } from './public-booking-models.js';
import { productTypeBody } from './inventory-request-models.js';
import { invitationBody } from './platform-models.js';
import { inviteBody } from './employee-models.js';
import { dayCheck, email, timeZoneCheck } from './common.js';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('validation rules of the contract (docs/decisions/0011-validation-rules.md)', () => {
  it('a too long required text names the field and the limit, not "is required"', () => {
    expect(messages(productTypeBody.safeParse({ name: 'x'.repeat(300), category: 'Carts' }))).toEqual([
      'Name must be at most 120 characters',
    ]);
    expect(messages(productTypeBody.safeParse({ category: 'Carts' }))).toEqual(['Name is required']);
    expect(messages(productTypeBody.safeParse({ name: '   ', category: 'Carts' }))).toEqual(['Name is required']);
    expect(messages(productTypeBody.safeParse({ name: 5, category: 'Carts' }))).toEqual(['Name is required']);
  });

  it('a length check without its own text names the field from its path', () => {
    const s = z.object({
      rows: z.array(z.object({ firstName: z.string().check(z.maxLength(3)), code: z.string().check(z.minLength(4)) })),
    });
    expect(messages(s.safeParse({ rows: [{ firstName: 'abcd', code: 'ab' }] }))).toEqual([
      'First name must be at most 3 characters',
      'Code must be at least 4 characters',
    ]);
  });

  it('dates are real calendar days', () => {
    const day = z.string().check(...dayCheck());
    expect(day.safeParse('2030-02-28').success).toBe(true);
    expect(day.safeParse('2028-02-29').success).toBe(true);
    expect(day.safeParse('2030-02-31').success).toBe(false);
    expect(day.safeParse('2030-13-01').success).toBe(false);
  });

  it('time zones are IANA zones', () => {
    const zone = z.string().check(timeZoneCheck());
    expect(zone.safeParse('Europe/Paris').success).toBe(true);
    expect(zone.safeParse('America/Argentina/Buenos_Aires').success).toBe(true);
    expect(zone.safeParse('Mars/Olympus_Mons').success).toBe(false);
    expect(serviceBody.shape.timeZone.safeParse('Mars/Olympus_Mons').success).toBe(false);
    expect(serviceBody.shape.timeZone.safeParse('Pacific/Auckland').success).toBe(true);
  });

  it('every e-mail field follows the one rule', () => {
    for (const schema of [
      email,
      invitationBody.shape.email,
      inviteBody.shape.email,
      publicBookingBody.shape.customer.shape.email,
    ]) {
      expect(schema.safeParse('"x y"@example.com').success).toBe(true);
      expect(schema.safeParse('(ä@"ý.ă÷åqü').success).toBe(false);
    }
  });
});
