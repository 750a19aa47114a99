import { randomUUID } from 'node:crypto';
import type { RouteId } from '../../shared/contract/index.js';
import type { IsolationFixture } from '../testing/isolation-case.js';
import { seedCustomer } from './fixtures.js';

const unique = (what: string) => `${what}${randomUUID().replace(/\D/g, '').slice(0, 6)}`;

/** Tenant A's customers, called by tenant B (must be refused or show nothing of A's), and by A. */
export const customerIsolationFixtures: Partial<Record<RouteId, IsolationFixture>> = {
  'customers.statsOverview': async (owner) => {
    await seedCustomer(owner.tenant, { firstName: 'Iso', lastName: unique('Stats'), phone: '5550001111' });
    return { secrets: [] };
  },
  'customers.list': async (owner) => {
    const c = await seedCustomer(owner.tenant, {
      firstName: 'Iso',
      lastName: unique('Listed'),
      phone: '5550002222',
      email: `${unique('iso')}@a.example`,
    });
    return { query: { search: c.lastName }, secrets: [c.id, c.lastName, c.email!] };
  },
  'customers.get': async (owner) => {
    const c = await seedCustomer(owner.tenant, { firstName: 'Iso', lastName: unique('Detail'), phone: '5550003333' }, [
      {
        reservationNumber: unique('RES-'),
        status: 'ACTIVE',
        kind: 'SERVICE',
        service: { id: 's1', name: 'Iso tour', rate: 40, rateType: 'FIXED' },
        reservationDuration: 2,
        totalAmountCents: 4000,
      },
    ]);
    return { params: { id: c.id }, secrets: [c.id, c.lastName] };
  },
};
