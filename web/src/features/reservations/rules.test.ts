import { describe, expect, it } from 'vitest';
import { type GatedRoute, ROUTE_NEEDS } from '../../../../shared/contract/route-needs.js';
import { mayUse, type PermissionPolicy, type RoleHolder } from '../../../../shared/domain/roles.js';
import { depositTypeLabel } from '../../../../shared/domain/reservations.js';
import { ApiRequestError } from '../../api/client.js';
import { calendarDays, dayColour, estimateOriginal, slotDisabled } from './calendarRules.js';
import {
  amountLocked,
  EMPTY_REFUND,
  hoursLocked,
  type RefundEntry,
  type RefundEvent,
  refundFromHours,
  refundReducer,
  validateReturn,
} from './refundRules.js';
import { cancelError, detailsError, durationText, phoneLast4, restoreError, rowActions, TEXT } from './rules.js';

const admin = { role: 'BUSINESS_ADMIN' };
const manager = { role: 'EMPLOYEE', accessLevel: 'MANAGER' };
const employee = { role: 'EMPLOYEE', accessLevel: 'EMPLOYEE' };

/** What the API's authorise step answers for the person on each route (the rule the rows must follow). */
const mayCallAs =
  (u: RoleHolder, policy: PermissionPolicy | null = null) =>
  (route: GatedRoute) =>
    mayUse(u, ROUTE_NEEDS[route], policy);

describe('row actions (R-RES-5, R-RES-13)', () => {
  const item = { serviceId: null, inventoryItemId: 'i1' };
  it('offers cancel on an active item reservation to an employee, but not return (their route refuses it)', () => {
    expect(rowActions({ ...item, status: 'ACTIVE' }, mayCallAs(employee))).toMatchObject({
      processReturn: false,
      cancel: true,
      delete: false,
      reprocess: false,
      restore: false,
    });
    expect(rowActions({ ...item, status: 'ACTIVE' }, mayCallAs(manager)).processReturn).toBe(true);
  });
  it('hides return on services, keeps cancel', () => {
    expect(rowActions({ status: 'ACTIVE', serviceId: 's1' }, mayCallAs(admin))).toMatchObject({
      processReturn: false,
      cancel: true,
    });
  });
  it('follows the matrix: a manager whose return or cancel cell is off sees neither button', () => {
    const policy: PermissionPolicy = { MANAGER: { reservations: { processReturn: false, cancel: false } } };
    expect(rowActions({ ...item, status: 'ACTIVE' }, mayCallAs(manager, policy))).toMatchObject({
      processReturn: false,
      cancel: false,
    });
  });
  it('offers delete on completed and cancelled only to admins and managers', () => {
    for (const status of ['COMPLETED', 'CANCELLED']) {
      expect(rowActions({ ...item, status }, mayCallAs(admin)).delete).toBe(true);
      expect(rowActions({ ...item, status }, mayCallAs(manager)).delete).toBe(true);
      expect(rowActions({ ...item, status }, mayCallAs(employee)).delete).toBe(false);
    }
    expect(rowActions({ ...item, status: 'ACTIVE' }, mayCallAs(admin)).delete).toBe(false);
  });
  it('offers reprocess on completed and restore on cancelled item reservations to privileged users', () => {
    expect(rowActions({ ...item, status: 'COMPLETED' }, mayCallAs(manager)).reprocess).toBe(true);
    expect(rowActions({ ...item, status: 'COMPLETED' }, mayCallAs(employee)).reprocess).toBe(false);
    expect(rowActions({ ...item, status: 'CANCELLED' }, mayCallAs(admin)).restore).toBe(true);
    expect(rowActions({ status: 'CANCELLED', serviceId: 's1', inventoryItemId: null }, mayCallAs(admin)).restore).toBe(
      false,
    );
    expect(rowActions({ ...item, status: 'CANCELLED' }, mayCallAs(employee)).restore).toBe(false);
  });
});

describe('list display', () => {
  it('shows only the last 4 phone digits', () => {
    expect(phoneLast4('(555) 123-4567')).toBe('•••-4567');
    expect(phoneLast4('')).toBe('');
  });
  it('names the deposit type', () => {
    expect(depositTypeLabel(true, true)).toBe('Cash & Credit');
    expect(depositTypeLabel(true, false)).toBe('Cash');
    expect(depositTypeLabel(false, true)).toBe('Credit');
    expect(depositTypeLabel(undefined, null)).toBe('Not specified');
  });
  it('describes durations with the spec texts', () => {
    expect(durationText('2030-01-01T10:00:00Z', null)).toBe(TEXT.durationActive);
    expect(durationText('2030-01-01T10:00:00Z', '2030-01-01T09:00:00Z')).toBe(TEXT.durationInvalid);
    expect(durationText('2030-01-01T10:00:00Z', '2030-01-01T12:30:00Z')).toBe('2.50 hours');
    expect(durationText('2030-01-01T10:00:00Z', '2030-01-01T11:00:00Z')).toBe('1 hour');
  });
});

describe('service calendar (R-RES-4)', () => {
  it('estimates a missing original count: 0 → 5, ≤ 2 → max(4, 2x), else x + 2', () => {
    expect([0, 1, 2, 3, 10].map(estimateOriginal)).toEqual([5, 4, 4, 5, 12]);
  });
  it('colours green at half free or more, yellow below, red when full', () => {
    expect(dayColour(5, 10)).toBe('green');
    expect(dayColour(4, 10)).toBe('yellow');
    expect(dayColour(0, 10)).toBe('red');
  });
  it('groups slots by date and uses the estimate when the original is missing', () => {
    const days = calendarDays([
      { date: '2030-06-02', startTime: '09:00', endTime: '10:00', slotsAvailable: 0, originalSlotsAvailable: 4 },
      { date: '2030-06-01', startTime: '14:00', endTime: '15:00', slotsAvailable: 1 },
      { date: '2030-06-01', startTime: '09:00', endTime: '10:00', slotsAvailable: 6, originalSlotsAvailable: 6 },
      { date: '2030-06-03', startTime: '09:00', endTime: '10:00', slotsAvailable: 3 },
    ]);
    expect(days.map((d) => d.date)).toEqual(['2030-06-01', '2030-06-02', '2030-06-03']);
    // 7 free of 6 + estimate(1)=4 → 7/10 green; the slots sorted by time
    expect(days[0]).toMatchObject({ free: 7, original: 10, colour: 'green', clickable: true });
    expect(days[0]!.slots.map((s) => s.startTime)).toEqual(['09:00', '14:00']);
    expect(days[1]).toMatchObject({ free: 0, colour: 'red', clickable: false });
    // 3 free, estimated original 5 → 60 % green
    expect(days[2]).toMatchObject({ original: 5, colour: 'green' });
    expect(
      calendarDays([
        { date: '2030-06-04', startTime: '09:00', endTime: '10:00', slotsAvailable: 1, originalSlotsAvailable: 8 },
      ])[0]!.colour,
    ).toBe('yellow');
  });
  it('disables full slots', () => {
    expect(slotDisabled({ slotsAvailable: 0 })).toBe(true);
    expect(slotDisabled({ slotsAvailable: 1 })).toBe(false);
  });
});

describe('refund entry (R-RES-6)', () => {
  const reduce = refundReducer({ hourlyRateCents: 2500, totalCents: 6000 });
  const run = (...events: RefundEvent[]) => events.reduce<RefundEntry>(reduce, EMPTY_REFUND);

  it('hours lock the amount and derive it, capped at the total', () => {
    const s = run({ type: 'hours', value: '1.5' });
    expect(s).toMatchObject({ hours: '1.5', amount: '37.50', manualEntry: 'hours' });
    expect(amountLocked(s) && !hoursLocked(s)).toBe(true);
    expect(run({ type: 'hours', value: '4' }).amount).toBe('60.00');
    // typing into the locked amount does nothing
    expect(reduce(s, { type: 'amount', value: '5' })).toBe(s);
  });
  it('an amount locks the hours; clearing it unlocks both', () => {
    const s = run({ type: 'amount', value: '12.5' });
    expect(s).toMatchObject({ amount: '12.5', hours: '', manualEntry: 'amount' });
    expect(hoursLocked(s)).toBe(true);
    expect(reduce(s, { type: 'hours', value: '2' })).toBe(s);
    expect(reduce(s, { type: 'amount', value: '' })).toMatchObject({ manualEntry: 'none', amount: '', hours: '' });
  });
  it('cash and credit exclude each other', () => {
    expect(run({ type: 'cash', checked: true }, { type: 'credit', checked: true })).toMatchObject({
      cash: false,
      credit: true,
    });
    expect(run({ type: 'credit', checked: true }, { type: 'cash', checked: true })).toMatchObject({
      cash: true,
      credit: false,
    });
    expect(run({ type: 'cash', checked: true }, { type: 'cash', checked: false })).toMatchObject({
      cash: false,
      credit: false,
    });
  });
  it('derives an hours-based amount again when the cap changes, and leaves an amount alone', () => {
    const s = run({ type: 'hours', value: '2' });
    expect(s.amount).toBe('50.00');
    expect(refundReducer({ hourlyRateCents: 2500, totalCents: 3000 })(s, { type: 'rederive' }).amount).toBe('30.00');
    const a = run({ type: 'amount', value: '7' });
    expect(refundReducer({ hourlyRateCents: 2500, totalCents: 3000 })(a, { type: 'rederive' })).toBe(a);
    expect(reduce(s, { type: 'reset' })).toEqual(EMPTY_REFUND);
  });
  it('computes refund from hours in cents', () => {
    expect(refundFromHours(0.25, 1999, 100_000)).toBe(500);
    expect(refundFromHours(24, 1000, 5000)).toBe(5000);
    expect(refundFromHours(2, 0, 5000)).toBe(0);
  });
});

describe('return validation (R-RES-6)', () => {
  const start = Date.parse('2030-05-01T10:00:00Z');
  const base = {
    startAt: start,
    now: start,
    capCents: 5000,
    hourlyRateCents: 2500,
    refund: EMPTY_REFUND,
    zone: 'America/Chicago',
  };
  it('refuses a return less than 5 minutes after the start', () => {
    expect(validateReturn({ ...base, returnAt: start + 4 * 60_000 }).returnTime).toBe(
      'Return time must be at least 5 minutes after the reservation start time (5/1/2030, 5:00 AM). Please select a valid return time.',
    );
    expect(validateReturn({ ...base, returnAt: start + 5 * 60_000 })).toEqual({});
  });
  it('caps the refund at the total and needs a method', () => {
    const over = { ...EMPTY_REFUND, amount: '50.01', manualEntry: 'amount' as const, cash: true };
    expect(validateReturn({ ...base, returnAt: start + 3600_000, refund: over }).refund).toBe(
      'Refund amount cannot exceed the total reservation amount ($50.00). Please adjust the refund amount.',
    );
    const noMethod = { ...EMPTY_REFUND, amount: '10', manualEntry: 'amount' as const };
    expect(validateReturn({ ...base, returnAt: start + 3600_000, refund: noMethod }).refund).toBe(TEXT.refundMethod);
    expect(validateReturn({ ...base, returnAt: start + 3600_000, refund: { ...noMethod, credit: true } })).toEqual({});
  });
  it('checks the hours step and range', () => {
    const bad = { ...EMPTY_REFUND, hours: '0.3', amount: '7.50', manualEntry: 'hours' as const, cash: true };
    expect(validateReturn({ ...base, returnAt: start + 3600_000, refund: bad }).refund).toMatch(/steps of 0.25/);
    expect(
      validateReturn({ ...base, returnAt: start + 3600_000, refund: { ...bad, hours: '1.25', amount: '31.25' } }),
    ).toEqual({});
    expect(validateReturn({ ...base, returnAt: start + 3600_000, refund: { ...bad, hours: '25' } }).refund).toMatch(
      /between 0 and 24/,
    );
  });
});

describe('error texts by status (R-RES-11)', () => {
  const err = (status: number, message = 'boom', body?: unknown) =>
    new ApiRequestError(status, message, undefined, undefined, body);
  it('prefixes cancel and restore failures by status', () => {
    expect(cancelError(err(403, 'no'))).toBe('Permission denied: no');
    expect(cancelError(err(404, 'gone'))).toBe('Reservation not found: gone');
    expect(cancelError(err(400, 'bad'))).toBe('Invalid request: bad');
    expect(cancelError(err(500, 'x'))).toBe('Server error: x');
    expect(cancelError(err(409, 'taken'))).toBe('Error cancelling reservation: taken');
    expect(restoreError(err(409, 'taken'))).toBe('Error restoring reservation: taken');
    expect(restoreError('weird')).toBe(TEXT.restoreFailed);
  });
  it('explains 404 and 410 on details', () => {
    const t = () => 'May 1, 2030, 10:00 AM';
    expect(detailsError(err(404), t)).toBe(TEXT.detailsGone);
    expect(detailsError(err(410, 'x', { deletedBy: 'Sam Owner', deletedAt: '2030-05-01T10:00:00Z' }), t)).toBe(
      'This reservation was deleted by Sam Owner at May 1, 2030, 10:00 AM.',
    );
    expect(detailsError(err(410, 'This reservation was deleted by A at B.'), t)).toBe(
      'This reservation was deleted by A at B.',
    );
    expect(detailsError(err(500), t)).toBe(TEXT.detailsFailed);
  });
});
