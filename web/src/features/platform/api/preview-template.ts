import { api } from '../../../api/client.js';

/** A template rendered with sample data, asked for on a click; it stores nothing (a POST that only reads). */
export const previewTemplate = (name: string) => api('platform.previewTemplate', { params: { name }, body: {} });
