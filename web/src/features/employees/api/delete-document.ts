import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { EMPLOYEE_DOCUMENTS } from './keys.js';

export const deleteDocument = (id: string, docId: string) => api('users.deleteDocument', { params: { id, docId } });

export function useDeleteDocument(texts: MutationTexts<[string, string], Awaited<ReturnType<typeof deleteDocument>>>) {
  return useMutationAction(deleteDocument, { ...texts, revalidate: [EMPLOYEE_DOCUMENTS] });
}
