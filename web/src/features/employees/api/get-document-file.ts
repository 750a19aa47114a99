import { api } from '../../../api/client.js';

/** A short-lived link to a stored document, asked for on a click (open or download), never cached: it expires. */
export const getDocumentFile = (id: string, docId: string, preview: boolean) =>
  api('users.documentFile', { params: { id, docId }, query: { preview: preview ? 'true' : 'false' } });
