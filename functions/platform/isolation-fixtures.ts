import type { RouteId } from '../../shared/contract/index.js';
import { forgetModules } from '../lib/modules.js';
import type { IsolationFixture } from '../testing/isolation-case.js';
import { toggleModuleOp } from './modules.js';

/** A switches scheduling off: A's answer names it, B's (all on) must not. */
export const platformIsolationFixtures: Partial<Record<RouteId, IsolationFixture>> = {
  'platform.organizationModules': async (owner) => {
    await toggleModuleOp(owner.tenant, 'scheduling', false, owner.userId);
    forgetModules();
    return { secrets: ['scheduling'] };
  },
};
