import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { AFFECTED_BY_WRITES } from './keys.js';

/** R-RES-12: an ACTIVE reservation whose start has passed becomes a cancelled no-show. */
export const markNoShow = (id: string) => api('reservations.noShow', { params: { id } });

export function useMarkNoShow(texts: MutationTexts<[string], Awaited<ReturnType<typeof markNoShow>>>) {
  return useMutationAction(markNoShow, { ...texts, revalidate: AFFECTED_BY_WRITES });
}
