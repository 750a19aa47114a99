import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { SCHEDULES } from './keys.js';

/** Enable or Disable: a disabled schedule keeps its settings and does not run. */
export const setScheduleEnabled = (id: string, enabled: boolean) =>
  api('reports.schedules.update', { params: { id }, body: { enabled } });

export function useSetScheduleEnabled(
  texts: MutationTexts<[string, boolean], Awaited<ReturnType<typeof setScheduleEnabled>>>,
) {
  return useMutationAction(setScheduleEnabled, { ...texts, revalidate: [SCHEDULES] });
}
