import { createAreaHandler } from '../lib/pipeline.js';

/** Lambda entry of the reservations area. Routes with no operation yet answer 501 NotImplemented. */
export const handler = createAreaHandler('reservations', {});
