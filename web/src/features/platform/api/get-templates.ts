import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { TEMPLATES } from './keys.js';

const getTemplates = () => api('platform.listTemplates');

export function useTemplates() {
  return useSWR(apiKey(TEMPLATES), getTemplates);
}
