import type { z } from 'zod';
import type { contactBody } from '../../../../../shared/contract/settings-models.js';
import { api } from '../../../api/client.js';

/** Answers the saved contact, which the page writes into its cache (no second read). */
export const updateContact = (body: z.input<typeof contactBody>) => api('settings.updateContact', { body });
