import { randomUUID } from 'node:crypto';
import type { RouteId } from '../../shared/contract/index.js';
import type { TestSession } from '../testing/fixtures.js';
import type { IsolationFixture } from '../testing/isolation-case.js';
import { clockIn, clockOut } from './clock.js';
import { getStat } from './entity.js';

/**
 * Timesheets are per person: A's sessions carry a unique note that B's answers must never show.
 * Each fixture leaves A in the state its own control call needs (clocked out before A clocks in,
 * clocked in before A clocks out).
 */
const ZONE = 'America/New_York';
const note = () => `iso-note-${randomUUID()}`;
const emp = { firstName: 'Iso', lastName: 'Owner' };

async function ensureOut(owner: TestSession) {
  if ((await getStat(owner.tenant, owner.userId)).openSessionId)
    await clockOut(owner.tenant, {
      userId: owner.userId,
      notes: null,
      location: null,
      zone: ZONE,
      at: new Date().toISOString(),
    });
}
async function openWith(owner: TestSession, notes: string) {
  await ensureOut(owner);
  await clockIn(owner.tenant, {
    userId: owner.userId,
    employee: emp,
    notes,
    location: { latitude: 1.5, longitude: 2.5 },
    onTime: null,
    zone: ZONE,
    at: new Date().toISOString(),
  });
}
async function closedWith(owner: TestSession, notes: string) {
  await openWith(owner, notes);
  await ensureOut(owner);
}

export const timesheetIsolationFixtures: Partial<Record<RouteId, IsolationFixture>> = {
  'timesheets.list': async (owner) => {
    const n = note();
    await closedWith(owner, n);
    return { secrets: [n] };
  },
  'timesheets.active': async (owner) => {
    const n = note();
    await openWith(owner, n);
    return { secrets: [n] };
  },
  'timesheets.clockIn': async (owner) => {
    const n = note();
    await closedWith(owner, n);
    return { body: {}, secrets: [n] };
  },
  'timesheets.clockOut': async (owner) => {
    const n = note();
    await openWith(owner, n);
    return { body: {}, secrets: [n] };
  },
  'timesheets.adminEmployees': async (owner) => {
    await closedWith(owner, note());
    return { secrets: [owner.userId] };
  },
  'timesheets.performance': async (owner) => ({ params: { id: owner.userId }, secrets: [owner.userId] }),
};
