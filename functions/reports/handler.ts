import { createAreaHandler } from '../lib/pipeline.js';

/** Lambda entry of the reports area. Routes with no operation yet answer 501 NotImplemented. */
export const handler = createAreaHandler('reports', {});
