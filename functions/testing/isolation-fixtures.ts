import { randomUUID } from 'node:crypto';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../lib/db.js';
import { liveEventPut } from '../lib/live-events.js';
import type { RouteId } from '../../shared/contract/index.js';
import type { IsolationFixture } from './isolation-case.js';
import { serviceIsolationFixtures } from '../services/isolation-fixtures.js';
import { inventoryIsolationFixtures } from '../inventory/isolation-fixtures.js';
import { customerIsolationFixtures } from '../customers/isolation-fixtures.js';
import { settingsIsolationFixtures } from '../settings/isolation-fixtures.js';
import { usersIsolationFixtures } from '../users/isolation-fixtures.js';
import { reservationIsolationFixtures } from '../reservations/isolation-fixtures.js';
import { timesheetIsolationFixtures } from '../timesheets/isolation-fixtures.js';
import { platformIsolationFixtures } from '../platform/isolation-fixtures.js';
import { reportIsolationFixtures } from '../reports/isolation-fixtures.js';

export type { IsolationCase, IsolationFixture } from './isolation-case.js';

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
