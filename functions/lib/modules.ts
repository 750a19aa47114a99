import { GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  AREA_MODULE,
  defaultModuleStates,
  MODULE_DISABLED_MESSAGE,
  MODULE_IDS,
  type ModuleStates,
} from '../../shared/domain/modules.js';
import { db, tableName } from './db.js';
import { ApiError, forbidden } from './errors.js';
import { keys, type TenantId } from './keys.js';
import { rowParser } from './rows.js';
import { warmCache } from './warm-cache.js';
import * as z from '../../shared/zod.js';
import { stateOf, type ApiMiddleware } from './middlewares/types.js';

/**
 * Organization modules (docs/decisions/0188-platform-modules.md): one row per tenant, `pk = T#{org}`, `sk = MODULES`, holding
 * `states` (module id → enabled) and `version`. Absent → every module on.
 *
 * The pipeline's module gate reads it per tenant at most once per MODULE_CACHE_MS per warm function,
 * so a disabled module's routes answer 403 within that window (≤ 60 s, the promise) everywhere, and
 * at once in the function that saved the change (it forgets its cache).
 */
export const MODULE_CACHE_MS = 30_000;
export const modulesKey = (tenant: TenantId) => keys.entity(tenant, 'MODULES', 'STATE');

const moduleCache = warmCache<ModuleStates>(MODULE_CACHE_MS);

interface ModulesRow {
  states: ModuleStates;
  version: number;
}

const parseStoredModules = rowParser(
  'module switches',
  z.object({ states: z.record(z.string(), z.boolean()), version: z.number().check(z.int(), z.nonnegative()) }),
);

/** A stored row's switches over the defaults: a module added since the row was written is on; absent row, all on. */
export function modulesOf(item: Record<string, unknown> | undefined): ModulesRow {
  const states = defaultModuleStates();
  if (!item) return { states, version: 0 };
  const stored = parseStoredModules(item);
  for (const id of MODULE_IDS) states[id] = stored.states[id] ?? states[id];
  return { states, version: stored.version };
}

export async function readModules(tenant: TenantId, consistent = false): Promise<ModulesRow> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: modulesKey(tenant), ConsistentRead: consistent }),
  );
  return modulesOf(res.Item);
}

export function cachedModules(tenant: TenantId, now = Date.now()): Promise<ModuleStates> {
  return moduleCache.get(tenant, async () => (await readModules(tenant)).states, now);
}

/** Tests and the function that just saved: drop the cached answers. */
export function forgetModules(): void {
  moduleCache.clear();
}

/**
 * Suspension (docs/decisions/0192-platform-suspension.md, beyondSpec): the organization row's `status`. Every tenant route and every
 * public share-link read asks this cache, which keeps each tenant's status ORG_STATUS_CACHE_MS per
 * warm function (one projected GetItem per tenant per window), so a suspension shuts a tenant's
 * existing tokens out within seconds (403 below), before the session check (30 s, 401) ends them.
 */
const ORG_STATUS_CACHE_MS = 5_000;
export const ORGANIZATION_SUSPENDED_MESSAGE = 'Your organization has been suspended. Please contact support.';
const organizationSuspended = () => new ApiError(403, 'OrganizationSuspended', ORGANIZATION_SUSPENDED_MESSAGE);
const statusCache = warmCache<string>(ORG_STATUS_CACHE_MS);

/** The organization's status ('ACTIVE', 'TRIAL', 'SUSPENDED', 'INACTIVE'; 'MISSING' without a row). */
export function cachedOrganizationStatus(tenant: TenantId, now = Date.now()): Promise<string> {
  return statusCache.get(tenant, () => readOrganizationStatus(tenant), now);
}

async function readOrganizationStatus(tenant: TenantId): Promise<string> {
  const res = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.organization(tenant),
      ProjectionExpression: '#s',
      ExpressionAttributeNames: { '#s': 'status' },
    }),
  );
  return res.Item ? String(res.Item.status ?? 'ACTIVE') : 'MISSING';
}

/** True for an organization whose users and share links are shut out (suspended, deactivated). */
export const isShutOut = (status: string) => status === 'SUSPENDED' || status === 'INACTIVE';

/** Tests and the function that just suspended or reactivated: drop the cached statuses. */
export function forgetOrganizationStatuses(): void {
  statusCache.clear();
}

/**
 * Pipeline step after tenant context: a suspended tenant's routes answer 403, and a tenant route
 * of a disabled module answers 403.
 */
export function moduleGate(): ApiMiddleware {
  return {
    before: async (request) => {
      const { route, tenant } = stateOf(request);
      if (route.access !== 'user' || !tenant) return;
      const module = route.module === undefined ? AREA_MODULE[route.area] : route.module;
      const [status, states] = await Promise.all([
        cachedOrganizationStatus(tenant),
        module ? cachedModules(tenant) : undefined,
      ]);
      if (isShutOut(status)) throw organizationSuspended();
      if (module && states && !states[module]) throw forbidden(MODULE_DISABLED_MESSAGE);
    },
  };
}
