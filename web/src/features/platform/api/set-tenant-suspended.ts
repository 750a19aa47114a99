import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { FEATURES, OVERVIEW, TENANTS } from './keys.js';

export const setTenantSuspended = (id: string, suspend: boolean) =>
  api(suspend ? 'platform.suspendTenant' : 'platform.reactivateTenant', { params: { id } });

/** A tenant's status shows in the list, the overview's counts and the features view. */
export function useSetTenantSuspended(
  texts: MutationTexts<[string, boolean], Awaited<ReturnType<typeof setTenantSuspended>>>,
) {
  return useMutationAction(setTenantSuspended, { ...texts, revalidate: [TENANTS, OVERVIEW, FEATURES] });
}
