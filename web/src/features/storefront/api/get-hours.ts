import useSWR from 'swr';
import type { HoursRow } from '../../../../../shared/contract/settings-models.js';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { HOURS } from './keys.js';

export interface HoursData {
  hours: HoursRow[];
  specialHours: (Omit<HoursRow, 'dayType'> & { date: string })[];
}
function parseSpecial(text: string | undefined): HoursData['specialHours'] {
  try {
    const v = JSON.parse(text || '[]') as unknown;
    return Array.isArray(v) ? (v as HoursData['specialHours']) : [];
  } catch {
    return [];
  }
}
/** The weekly rows and the special days (stored as a JSON string) as the page edits them. */
export const toHoursData = (r: { hours: HoursRow[]; special_hours: string }): HoursData => ({
  hours: r.hours,
  specialHours: parseSpecial(r.special_hours),
});

const getHours = () => api('settings.getHours').then(toHoursData);

export function useHours() {
  return useSWR(apiKey(HOURS), getHours, { revalidateOnFocus: false });
}
