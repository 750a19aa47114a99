import { describe, expect, it } from 'vitest';
import { ITEM_CONDITIONS, ITEM_STATUSES } from './inventory-models.js';
import { itemConditionLabel, itemStatusLabel } from '../domain/inventory.js';
import {
  LOG_ACTIONS,
  logActionLabel,
  PAYMENT_TYPES,
  paymentTypeLabel,
  RESERVATION_STATUSES,
  reservationStatusLabel,
} from '../domain/reservations.js';

/** A word people read: not the code itself, not blank, no underscores or shouting. */
const readable = (code: string, label: string) => {
  expect(label, code).not.toBe(code);
  expect(label, code).toMatch(/^[A-Z][a-z]/);
  expect(label, code).not.toContain('_');
};

describe('every stored code has one label (R-INV-11)', () => {
  const maps: [string, readonly string[], (code: string) => string][] = [
    ['item status', ITEM_STATUSES, itemStatusLabel],
    ['item condition', ITEM_CONDITIONS, itemConditionLabel],
    ['reservation status', RESERVATION_STATUSES, reservationStatusLabel],
    ['log action', LOG_ACTIONS, logActionLabel],
    ['payment type', PAYMENT_TYPES, paymentTypeLabel],
  ];
  for (const [what, codes, label] of maps)
    it(`labels every ${what}`, () => {
      for (const code of codes) readable(code, label(code));
    });
  it('shows an unknown code as it came rather than blank', () => {
    expect(itemStatusLabel('LOST')).toBe('LOST');
  });
});
