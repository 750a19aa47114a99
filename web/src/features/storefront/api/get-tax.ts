import { api } from '../../../api/client.js';
import { type TaxOutcome, taxOutcome } from './tax-status.js';

/** The tax settings, answered as a status and the data (the screen words each status, R-SET-4). */
export const getTax = (signal?: AbortSignal): Promise<TaxOutcome> =>
  taxOutcome(() => api('settings.getTax', { signal }));
