import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { SCHEDULES } from './keys.js';

/** Run now: the report is sent at once; the run counts and the history change, so the list is read again. */
export const runSchedule = (id: string) => api('reports.schedules.run', { params: { id } });

export function useRunSchedule(texts: MutationTexts<[string], Awaited<ReturnType<typeof runSchedule>>>) {
  return useMutationAction(runSchedule, { ...texts, revalidate: [SCHEDULES] });
}
