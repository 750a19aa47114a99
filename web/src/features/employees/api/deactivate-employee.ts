import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { EMPLOYEES } from './keys.js';

export const deactivateEmployee = (id: string) => api('users.deactivate', { params: { id } });

export function useDeactivateEmployee(texts: MutationTexts<[string], Awaited<ReturnType<typeof deactivateEmployee>>>) {
  return useMutationAction(deactivateEmployee, { ...texts, revalidate: [EMPLOYEES] });
}
