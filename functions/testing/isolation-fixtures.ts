import { randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../lib/db.js';
import { liveEventPut } from '../lib/live-events.js';
import type { RouteId } from '../../shared/contract/index.js';
import type { TestSession } from './fixtures.js';
import { serviceIsolationFixtures } from '../services/isolation-fixtures.js';
import { inventoryIsolationFixtures } from '../inventory/isolation-fixtures.js';
import { customerIsolationFixtures } from '../customers/isolation-fixtures.js';
import { settingsIsolationFixtures } from '../settings/isolation-fixtures.js';
import { usersIsolationFixtures } from '../users/isolation-fixtures.js';
import { reservationIsolationFixtures } from '../reservations/isolation-fixtures.js';
import { timesheetIsolationFixtures } from '../timesheets/isolation-fixtures.js';
import { platformIsolationFixtures } from '../platform/isolation-fixtures.js';
import { reportIsolationFixtures } from '../reports/isolation-fixtures.js';

/**
 * How to call a tenant-scoped route against data that tenant A owns. The isolation test calls it as
 * A (must succeed) and as tenant B (must be refused, or succeed without showing any of `secrets`).
 * Every built tenant route needs an entry: the test fails for a built route that has none.
 */
export interface IsolationCase {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** For multipart routes: the request as sent (a JSON `body` cannot carry a file). */
  headers?: Record<string, string>;
  rawBody?: string;
  /** Values of A's data that must never appear in B's answer (ids, names, numbers). */
  secrets: string[];
}

export type IsolationFixture = (owner: TestSession) => Promise<IsolationCase>;

/** Areas register their cases here as they land. */
export const isolationFixtures: Partial<Record<RouteId, IsolationFixture>> = {
  'events.dashboard': async (owner) => {
    const secret = `evt-${randomUUID()}`;
    await db().send(
      new TransactWriteCommand({ TransactItems: [liveEventPut(owner.tenant, 'stats-updated', { secret })] }),
    );
    return { secrets: [secret] };
  },
  ...serviceIsolationFixtures,
  ...inventoryIsolationFixtures,
  ...customerIsolationFixtures,
  ...settingsIsolationFixtures,
  ...usersIsolationFixtures,
  ...reservationIsolationFixtures,
  ...timesheetIsolationFixtures,
  ...platformIsolationFixtures,
  ...reportIsolationFixtures,
};
