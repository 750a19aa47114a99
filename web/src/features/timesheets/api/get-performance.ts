import useSWR from 'swr';
import type { Performance } from '../../../../../shared/contract/timesheet-models.js';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { PERFORMANCE } from './keys.js';

const getPerformance = (id: string) => api('timesheets.performance', { params: { id } }) as Promise<Performance>;

export function usePerformance(id: string | undefined) {
  return useSWR(id ? apiKey(PERFORMANCE, id) : null, () => getPerformance(id!));
}
