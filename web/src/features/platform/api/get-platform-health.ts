import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { HEALTH } from './keys.js';

const getPlatformHealth = () => api('platform.health');

/** Health: refreshed every 60 seconds (R-PLAT-5). */
export function usePlatformHealth() {
  return useSWR(apiKey(HEALTH), getPlatformHealth, { refreshInterval: 60_000 });
}
