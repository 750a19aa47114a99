import useSWR from 'swr';
import { type Answer, api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { LOCATIONS } from './keys.js';

type LocationOption = Answer<'inventory.listLocations'>[number];

/** The tenant's locations for the employee form; an empty list on failure (§7). */
async function getLocationList(): Promise<LocationOption[]> {
  try {
    return await api('inventory.listLocations');
  } catch {
    return [];
  }
}

/** Shares the inventory screens' cache entry. */
export function useLocationList() {
  return useSWR(apiKey(LOCATIONS), getLocationList);
}
