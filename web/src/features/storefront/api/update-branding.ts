import type { z } from 'zod';
import type { brandingBody } from '../../../../../shared/contract/storefront-models.js';
import { api } from '../../../api/client.js';

/** Answers the saved values, which the page writes into its cache (no second read). */
export const updateBranding = (body: z.input<typeof brandingBody>) => api('settings.updateBranding', { body });
