import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { EMPLOYEES } from './keys.js';

export const deleteEmployee = (id: string) => api('users.delete', { params: { id } });

export function useDeleteEmployee(texts: MutationTexts<[string], Awaited<ReturnType<typeof deleteEmployee>>>) {
  return useMutationAction(deleteEmployee, { ...texts, revalidate: [EMPLOYEES] });
}
