import type { z } from 'zod';
import type { hoursBody } from '../../../../../shared/contract/settings-models.js';
import { api } from '../../../api/client.js';
import { toHoursData } from './get-hours.js';

/** Answers the saved hours, which the page writes into its cache (no second read). */
export const updateHours = (body: z.input<typeof hoursBody>) => api('settings.updateHours', { body }).then(toHoursData);
