import useSWR from 'swr';
import { api, ApiRequestError } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { EMPLOYEE_DOCUMENTS } from './keys.js';

/** R-EMP-1: a 404 list is an empty list; other failures are errors. */
async function getDocuments(id: string) {
  try {
    return (await api('users.listDocuments', { params: { id } })).documents;
  } catch (e) {
    if (e instanceof ApiRequestError && e.status === 404) return [];
    throw e;
  }
}

export function useDocuments(id: string | undefined) {
  return useSWR(id ? apiKey(EMPLOYEE_DOCUMENTS, id) : null, () => getDocuments(id!));
}
