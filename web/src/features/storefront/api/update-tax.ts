import { api } from '../../../api/client.js';
import { type TaxOutcome, taxOutcome } from './tax-status.js';

export const updateTax = (body: { enabled: boolean; rate: string }, signal?: AbortSignal): Promise<TaxOutcome> =>
  taxOutcome(() => api('settings.updateTax', { body, signal }));
