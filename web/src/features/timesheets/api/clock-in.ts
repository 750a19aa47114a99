import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { useSubmissionKey } from '../../../api/submission-key.js';
import { TIMESHEETS } from './keys.js';

export interface ClockInput {
  notes?: string | null;
  latitude?: number;
  longitude?: number;
}

export const clockIn = (body: ClockInput, idempotencyKey: string) =>
  api('timesheets.clockIn', { body, idempotencyKey });

/** Sent under a submission key (a retried click is one clock-in); every timesheets cache is read again. */
export function useClockIn(texts: MutationTexts<[ClockInput], Awaited<ReturnType<typeof clockIn>>>) {
  const submission = useSubmissionKey();
  return useMutationAction((body: ClockInput) => submission.send(body, (key) => clockIn(body, key)), {
    ...texts,
    revalidate: [TIMESHEETS],
  });
}
