import { randomUUID } from 'node:crypto';
import type { RouteId } from '../../shared/contract/index.js';
import type { TestSession } from '../testing/fixtures.js';
import { call } from '../testing/harness.js';
import type { IsolationFixture } from '../testing/isolation-case.js';

/** API keys (R-SET-9): A's keys are neither listed to B nor revocable by B; B's new key is B's. */
export const apiKeyIsolationFixtures: Partial<Record<RouteId, IsolationFixture>> = {
  'settings.listApiKeys': async (owner) => {
    const k = await apiKeyOf(owner);
    return { secrets: [k.id, k.name] };
  },
  'settings.createApiKey': async (owner) => {
    const k = await apiKeyOf(owner);
    return { body: { name: 'Iso key', accessLevel: 'EMPLOYEE' }, secrets: [k.id, k.name] };
  },
  'settings.revokeApiKey': async (owner) => {
    const k = await apiKeyOf(owner);
    return { params: { id: k.id }, secrets: [k.name] };
  },
};

async function apiKeyOf(owner: TestSession) {
  const name = `Key ${randomUUID()}`;
  const res = await call('POST', '/api/settings/api-keys', {
    token: owner.token,
    body: { name, accessLevel: 'MANAGER' },
  });
  if (res.status >= 300) throw new Error(`fixture call failed: ${res.status} ${res.raw}`);
  return { id: res.body.id as string, name };
}
