import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { EMPLOYEE_LIST } from './keys.js';

const getEmployees = () => api('users.list').then((r) => r.users);

export function useEmployees() {
  return useSWR(apiKey(EMPLOYEE_LIST), getEmployees);
}
