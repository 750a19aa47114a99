import useSWR from 'swr';
import type { AdminEmployees } from '../../../../../shared/contract/timesheet-models.js';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { ADMIN_EMPLOYEES } from './keys.js';

const getAdminEmployees = () => api('timesheets.adminEmployees') as Promise<AdminEmployees>;

export function useAdminEmployees() {
  return useSWR(apiKey(ADMIN_EMPLOYEES), getAdminEmployees);
}
