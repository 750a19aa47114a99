import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { MY_TIMESHEETS } from './keys.js';

const getMyTimesheets = () => api('timesheets.list');

export function useMyTimesheets() {
  return useSWR(apiKey(MY_TIMESHEETS), getMyTimesheets);
}
