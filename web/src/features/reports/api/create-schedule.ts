import { api, type CallInput } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { SCHEDULES } from './keys.js';

export type ScheduleInput = Exclude<NonNullable<CallInput<'reports.schedules.create'>['body']>, FormData>;

export const createSchedule = (body: ScheduleInput) => api('reports.schedules.create', { body });

/** Schedules a report; the list is read again. */
export function useCreateSchedule(texts: MutationTexts<[ScheduleInput], Awaited<ReturnType<typeof createSchedule>>>) {
  return useMutationAction(createSchedule, { ...texts, revalidate: [SCHEDULES] });
}
