/**
 * The return form's refund entry and checks (R-RES-6): hours or an amount (the other derived and locked),
 * cash or credit, and the server's own return-time and refund rules. No React, no fetch.
 */
import { decimalText, multiplyCents, toCents } from '../../../../shared/domain/money.js';
import { checkRefund, REFUND_HOURS_MAX, REFUND_HOURS_STEP } from '../../../../shared/domain/charges.js';
import { returnTimeError } from '../../../../shared/domain/reservations.js';

export { REFUND_HOURS_MAX, REFUND_HOURS_STEP };

export interface RefundEntry {
  hours: string;
  amount: string;
  /** Which field the person typed in: the other one is locked and derived. */
  manualEntry: 'hours' | 'amount' | 'none';
  cash: boolean;
  credit: boolean;
}

export const EMPTY_REFUND: RefundEntry = { hours: '', amount: '', manualEntry: 'none', cash: false, credit: false };

/** Refund from hours: hours x hourly rate, capped at the total (all in cents). */
export function refundFromHours(hours: number, hourlyRateCents: number, totalCents: number): number {
  if (!(hours > 0) || !(hourlyRateCents > 0)) return 0;
  return Math.min(multiplyCents(hourlyRateCents, hours), Math.max(0, totalCents));
}

export type RefundEvent =
  | { type: 'hours'; value: string }
  | { type: 'amount'; value: string }
  | { type: 'cash'; checked: boolean }
  | { type: 'credit'; checked: boolean }
  /** The rate or the cap changed (another return time): an hours-based amount is derived again. */
  | { type: 'rederive' }
  | { type: 'reset' };

/**
 * Entering hours locks the amount (derived, capped); entering an amount locks the hours; clearing
 * the field in use unlocks both. Cash and credit are exclusive: ticking one clears the other.
 */
export function refundReducer(ctx: { hourlyRateCents: number; totalCents: number }) {
  return (s: RefundEntry, e: RefundEvent): RefundEntry => {
    switch (e.type) {
      case 'hours': {
        if (s.manualEntry === 'amount') return s;
        if (e.value.trim() === '') return { ...s, hours: '', amount: '', manualEntry: 'none' };
        const h = Number(e.value);
        const amount = Number.isFinite(h) ? decimalText(refundFromHours(h, ctx.hourlyRateCents, ctx.totalCents)) : '';
        return { ...s, hours: e.value, amount, manualEntry: 'hours' };
      }
      case 'amount':
        if (s.manualEntry === 'hours') return s;
        if (e.value.trim() === '') return { ...s, hours: '', amount: '', manualEntry: 'none' };
        return { ...s, amount: e.value, hours: '', manualEntry: 'amount' };
      case 'cash':
        return { ...s, cash: e.checked, credit: e.checked ? false : s.credit };
      case 'credit':
        return { ...s, credit: e.checked, cash: e.checked ? false : s.cash };
      case 'rederive': {
        if (s.manualEntry !== 'hours') return s;
        const h = Number(s.hours);
        return {
          ...s,
          amount: Number.isFinite(h) ? decimalText(refundFromHours(h, ctx.hourlyRateCents, ctx.totalCents)) : '',
        };
      }
      case 'reset':
        return EMPTY_REFUND;
    }
  };
}

export const amountLocked = (s: RefundEntry) => s.manualEntry === 'hours';
export const hoursLocked = (s: RefundEntry) => s.manualEntry === 'amount';

/** The refund in cents as the form holds it. */
export function refundCents(s: RefundEntry): number {
  const c = toCents(s.amount);
  return c > 0 ? c : 0;
}

export interface ReturnCheck {
  returnTime?: string;
  refund?: string;
}

/**
 * R-RES-6: the return time rule is the server's own (returnTimeError in
 * shared/domain/reservations.ts); the refund rules are the server's own (checkRefund in shared/domain/pricing.ts): hours in
 * quarter steps within 0..24, an amount within the total, a method when above 0.
 */
export function validateReturn(input: {
  returnAt: number;
  startAt: number;
  now: number;
  refund: RefundEntry;
  hourlyRateCents: number;
  capCents: number;
  /** The organization's zone, in which the start is named. */
  zone: string;
}): ReturnCheck {
  const errors: ReturnCheck = {};
  if (!Number.isFinite(input.returnAt)) errors.returnTime = 'Please enter the return time.';
  else {
    const returnError = returnTimeError(input.returnAt, input.startAt, input.zone, input.now);
    if (returnError) errors.returnTime = returnError;
  }
  const r = input.refund;
  if (r.manualEntry === 'amount' && !/^\d+(\.\d{1,2})?$/.test(r.amount.trim())) {
    errors.refund = 'Refund amount must be a number of 0 or more with at most 2 decimals.';
    return errors;
  }
  if (r.manualEntry === 'hours' && !/^\d+(\.\d+)?$/.test(r.hours.trim())) {
    errors.refund = `Refund hours must be between 0 and ${REFUND_HOURS_MAX} in steps of ${REFUND_HOURS_STEP}`;
    return errors;
  }
  const check = checkRefund({
    hours: r.manualEntry === 'hours' ? Number(r.hours) : null,
    amount: r.manualEntry === 'amount' ? Number(r.amount) : null,
    cash: r.cash,
    credit: r.credit,
    manualEntry: r.manualEntry,
    hourlyRateCents: input.hourlyRateCents,
    capCents: input.capCents,
  });
  if (!check.ok) errors.refund = check.message;
  return errors;
}
