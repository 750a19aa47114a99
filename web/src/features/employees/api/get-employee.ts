import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { EMPLOYEE_DETAIL } from './keys.js';

const getEmployee = (id: string) => api('users.get', { params: { id } }).then((r) => r.employee);

export function useEmployee(id: string | undefined) {
  return useSWR(id ? apiKey(EMPLOYEE_DETAIL, id) : null, () => getEmployee(id!));
}
