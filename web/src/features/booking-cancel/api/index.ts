import useSWR from 'swr';
import type { z } from 'zod';
import type { publicCancelView } from '../../../../../shared/contract/cancel-link-models.js';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';

/** The reminder's cancel link (docs/decisions/0233-reminder-cancel-links.md): the booking, then cancel once. */
export type CancelView = z.output<typeof publicCancelView>;

export function useCancelView(token: string) {
  return useSWR(
    apiKey('reservations.publicCancelView', token),
    () => api('reservations.publicCancelView', { params: { token } }).then((r) => r.data),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}

export const cancelBooking = (token: string) => api('reservations.publicCancel', { params: { token } });

export function useCancelBooking(texts: MutationTexts<[string], Awaited<ReturnType<typeof cancelBooking>>>) {
  return useMutationAction(cancelBooking, texts);
}
