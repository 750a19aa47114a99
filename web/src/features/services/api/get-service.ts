import { api } from '../../../api/client.js';
import { codecs } from './codecs.js';

/**
 * One service, read fresh when its form opens (R-SVC-1): a read on opening that must not come from a
 * cache, so no SWR hook (docs/decisions/0235-web-request-files.md); the list's copy stands in when it fails.
 */
export const getService = async (id: string) =>
  (await codecs()).decodeService(await api('services.get', { params: { id } }));
