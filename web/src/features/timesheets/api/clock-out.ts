import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import type { ClockInput } from './clock-in.js';
import { TIMESHEETS } from './keys.js';

export const clockOut = (body: ClockInput) => api('timesheets.clockOut', { body });

export function useClockOut(texts: MutationTexts<[ClockInput], Awaited<ReturnType<typeof clockOut>>>) {
  return useMutationAction(clockOut, { ...texts, revalidate: [TIMESHEETS] });
}
