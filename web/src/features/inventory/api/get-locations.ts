import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { LOCATIONS } from './keys.js';

const getLocations = () => api('inventory.listLocations');

/** The tenant's locations: a plain {id, name, description} list (the contract's response). */
export function useLocations() {
  return useSWR(apiKey(LOCATIONS), getLocations);
}
