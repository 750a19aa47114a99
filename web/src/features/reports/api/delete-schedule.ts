import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { SCHEDULES } from './keys.js';

export const deleteSchedule = (id: string) => api('reports.schedules.delete', { params: { id } });

export function useDeleteSchedule(texts: MutationTexts<[string], Awaited<ReturnType<typeof deleteSchedule>>>) {
  return useMutationAction(deleteSchedule, { ...texts, revalidate: [SCHEDULES] });
}
