import type { z } from 'zod';
import type { generalBody } from '../../../../../shared/contract/storefront-models.js';
import { api } from '../../../api/client.js';

/** Answers the saved values, which the page writes into its cache (no second read). */
export const updateGeneral = (body: z.input<typeof generalBody>) => api('settings.updateGeneral', { body });
