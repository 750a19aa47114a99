import { PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  defaultModuleStates,
  MODULES,
  moduleById,
  moduleToggleProblem,
  type ModuleId,
} from '../../shared/domain/modules.js';
import { batchGetAll, db, isConditionFailure, nowIso, tableName } from '../lib/db.js';
import { badRequest, conflict } from '../lib/errors.js';
import type { TenantId } from '../lib/keys.js';
import { cachedModules, forgetModules, modulesKey, modulesOf, readModules } from '../lib/modules.js';
import { optimistic, retryWhen } from '../lib/optimistic.js';
import { listOrganizations } from './metrics.js';
import { existingTenant } from './organizations.js';

const view = (states: Record<ModuleId, boolean>) =>
  MODULES.map((m) => ({
    name: m.id,
    displayName: m.displayName,
    description: m.description,
    category: m.category,
    isCore: m.isCore,
    dependencies: m.dependencies,
    subFeatures: m.subFeatures,
    enabled: states[m.id],
    configuration: {},
  }));

export async function listModulesOp(id: string) {
  const { tenant } = await existingTenant(id);
  const { states } = await readModules(tenant, true);
  return { modules: view(states) };
}

/**
 * Flips one module under the shared rule (shared/domain/modules.ts). The row carries a version: the
 * write is conditional on the version read, so two operators toggling dependent modules at once
 * cannot leave a module on without its dependency (the loser re-reads and is judged again).
 */
export async function toggleModuleOp(id: string, module: ModuleId, enable: boolean, actor: string) {
  const { tenant } = await existingTenant(id);
  return optimistic(
    async () => {
      const { states, version } = await readModules(tenant, true);
      if (states[module] === enable)
        return { success: true, module: module as string, enabled: enable, modules: view(states) };
      const problem = moduleToggleProblem(states, module, enable);
      if (problem) throw badRequest(problem);
      const next = { ...states, [module]: enable };
      try {
        await db().send(
          new PutCommand({
            TableName: tableName(),
            Item: { ...modulesKey(tenant), states: next, version: version + 1, updatedAt: nowIso(), updatedBy: actor },
            ConditionExpression: version === 0 ? 'attribute_not_exists(pk)' : 'version = :v',
            ...(version === 0 ? {} : { ExpressionAttributeValues: { ':v': version } }),
          }),
        );
        forgetModules();
        return { success: true, module: module as string, enabled: enable, modules: view(next) };
      } catch (e) {
        return retryWhen(e, isConditionFailure(e));
      }
    },
    () => {
      throw conflict(`${moduleById(module)?.displayName ?? module} changed at the same time; please try again`);
    },
  );
}

/**
 * Global features (R-PLAT-6): each module with every tenant and its state there. The tenants
 * come from the ORGS index (every shard, merged), their states from one BatchGet per 100 modules rows.
 */
export async function featuresOp() {
  const orgs = await listOrganizations();
  const tenants = orgs.map((o) => ({ tenant: o.tenant, name: o.name, subdomain: o.subdomain }));
  const stored = new Map<string, Record<ModuleId, boolean>>();
  for (const row of await batchGetAll(tenants.map((t) => ({ ...modulesKey(t.tenant) }))))
    stored.set(String(row.pk).slice(2), modulesOf(row).states);
  const enabled = (tenant: string, id: ModuleId) => (stored.get(tenant) ?? defaultModuleStates())[id];
  return {
    features: MODULES.map((m) => {
      const organizations = tenants.map((t) => ({
        id: t.tenant as string,
        name: t.name,
        subdomain: t.subdomain,
        enabled: m.isCore || enabled(t.tenant, m.id),
      }));
      return {
        id: m.id,
        name: m.id,
        displayName: m.displayName,
        description: m.description,
        category: m.category,
        isCore: m.isCore,
        // No platform-wide switch is stored: "globally enabled" is on for every tenant
        // (docs/decisions/0015-feature-flags-everywhere.md).
        isGloballyEnabled: organizations.every((o) => o.enabled),
        dependencies: m.dependencies,
        organizations,
      };
    }),
  };
}

/** The caller's organization: which modules are off (its navigation hides them). Same cache as the gate. */
export async function organizationModulesOp(tenant: TenantId) {
  const states = await cachedModules(tenant);
  return { disabled: MODULES.filter((m) => !states[m.id]).map((m) => m.id) };
}
