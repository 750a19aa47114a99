import useSWR from 'swr';
import { type Answer, api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { SCHEDULES } from './keys.js';

export type ReportSchedule = Answer<'reports.schedules.create'>;

const getSchedules = () => api('reports.schedules.list');

/** The organization's scheduled reports (server side: they really run, docs/decisions/0207-reports-scheduled-reports-really-arrive.md). */
export function useSchedules() {
  return useSWR(apiKey(SCHEDULES), getSchedules, { revalidateOnFocus: true });
}
