import type { ModuleId } from '../../../../../shared/domain/modules.js';
import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { FEATURES, TENANTS } from './keys.js';

/** Switches one module on or off for one tenant (R-PLAT-6: the dependency rule and the audit trail are per tenant). */
export const toggleModule = (id: string, module: ModuleId, enable: boolean) =>
  api(enable ? 'platform.enableModule' : 'platform.disableModule', { params: { id, module } });

/** Revalidates the tenant's module list and the features view that counts tenants per module. */
export function useToggleModule(
  texts: MutationTexts<[string, ModuleId, boolean], Awaited<ReturnType<typeof toggleModule>>>,
) {
  return useMutationAction(toggleModule, { ...texts, revalidate: [TENANTS, FEATURES] });
}
