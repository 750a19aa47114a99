import { api } from '../../../api/client.js';

/** One template's content, read when its edit dialog opens (a click), not cached. */
export const getTemplate = (name: string) => api('platform.getTemplate', { params: { name } });
