import { createAreaHandler } from '../lib/pipeline.js';

export const handler = createAreaHandler('auth', {});
