import useSWR from 'swr';
import type { Timesheet } from '../../../../../shared/contract/timesheet-models.js';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { MY_ACTIVE } from './keys.js';

const getActiveTimesheet = () => api('timesheets.active').then((r) => r.timesheet as Timesheet | null);

export function useActiveTimesheet() {
  return useSWR(apiKey(MY_ACTIVE), getActiveTimesheet);
}
