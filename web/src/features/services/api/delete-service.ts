import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { SERVICES } from './keys.js';

export const deleteService = (id: string) => api('services.delete', { params: { id } });

/** Deletes a service (its share link stops working); the services are read again. */
export function useDeleteService(texts: MutationTexts<[string], Awaited<ReturnType<typeof deleteService>>>) {
  return useMutationAction(deleteService, { ...texts, revalidate: [SERVICES] });
}
