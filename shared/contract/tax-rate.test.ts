import { describe, expect, it } from 'vitest';
import { parseTaxRate, TAX_MESSAGES, taxBody } from './settings-models.js';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

// R-SET-4 (docs/decisions/0255-tax-rate-three-decimals.md): a tax rate takes up to 3 decimals.
describe('tax rate to 3 decimals', () => {
  it.each([
    ['8.875', 8.875],
    [8.875, 8.875],
    ['8.25', 8.25],
    [8.25, 8.25],
    ['8.250', 8.25],
    ['8', 8],
    ['0.001', 0.001],
    ['99.99', 99.99],
    [' 4.005 ', 4.005],
    ['7.', 7],
  ])('accepts %j as %d', (rate, parsed) => {
    expect(parseTaxRate(rate)).toBe(parsed);
    const r = taxBody.safeParse({ enabled: true, rate });
    expect(r.success).toBe(true);
    expect(r.data).toEqual({ enabled: true, rate: parsed });
  });

  it.each(['8.8755', 8.8755, '0.0001', '12.34567'])('refuses %j with the 3-decimals text', (rate) => {
    expect(parseTaxRate(rate)).toBe('decimals');
    expect(messages(taxBody.safeParse({ enabled: true, rate }))).toEqual([TAX_MESSAGES.decimals]);
    expect(TAX_MESSAGES.decimals).toBe('Up to 3 decimals, e.g. 8.875');
  });

  it.each(['100', 100, '99.991', 99.995, '-1', 'abc', '1e2', '123'])('refuses %j as out of range', (rate) => {
    expect(parseTaxRate(rate)).toBe('invalid');
    expect(messages(taxBody.safeParse({ enabled: true, rate }))).toEqual([TAX_MESSAGES.range]);
  });

  it('still needs a rate when enabled, and none when disabled', () => {
    expect(messages(taxBody.safeParse({ enabled: true }))).toEqual([TAX_MESSAGES.required]);
    expect(taxBody.safeParse({ enabled: false, rate: '' }).data).toEqual({ enabled: false, rate: 0 });
  });
});
