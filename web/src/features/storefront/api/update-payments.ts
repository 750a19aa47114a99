import type { z } from 'zod';
import type { paymentsBody } from '../../../../../shared/contract/storefront-models.js';
import { api } from '../../../api/client.js';

/** Answers the saved values, which the page writes into its cache (no second read). */
export const updatePayments = (body: z.input<typeof paymentsBody>) => api('settings.updatePayments', { body });
