import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { FEATURES } from './keys.js';

const getGlobalFeatures = () => api('platform.features');

export function useGlobalFeatures() {
  return useSWR(apiKey(FEATURES), getGlobalFeatures);
}
