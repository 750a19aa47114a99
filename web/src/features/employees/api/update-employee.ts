import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { EMPLOYEES } from './keys.js';
import type { EmployeeUpdateBody } from './types.js';

export const updateEmployee = (id: string, body: EmployeeUpdateBody) => api('users.update', { params: { id }, body });

export function useUpdateEmployee(
  texts: MutationTexts<[string, EmployeeUpdateBody], Awaited<ReturnType<typeof updateEmployee>>>,
) {
  return useMutationAction(updateEmployee, { ...texts, revalidate: [EMPLOYEES] });
}
