import useSWR from 'swr';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import { TAX_RATE } from './keys.js';

/** The rate in percent; a failure is only logged (R-RES-11) and reads as 0. */
async function getTaxRate(): Promise<number> {
  try {
    return await api('settings.taxRate');
  } catch (e) {
    console.warn('Tax rate load failed', e);
    return 0;
  }
}

/** The organisation's tax rate in percent, read while the return dialog is open. */
export function useTaxRate(enabled: boolean) {
  return useSWR(enabled ? apiKey(TAX_RATE) : null, getTaxRate);
}
