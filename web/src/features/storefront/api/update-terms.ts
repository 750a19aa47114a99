import type { z } from 'zod';
import type { termsBody } from '../../../../../shared/contract/storefront-models.js';
import { api } from '../../../api/client.js';

/** Answers the saved values, which the page writes into its cache (no second read). */
export const updateTerms = (body: z.input<typeof termsBody>) => api('settings.updateTerms', { body });
