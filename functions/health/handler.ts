import { createAreaHandler } from '../lib/pipeline.js';

/** Answers once the handler can run; the local runtime only routes here after every emulator is ready. */
export const handler = createAreaHandler('health', {
  'health.check': async () => ({ status: 'ok' as const }),
  'health.openapi': async () => (await import('./openapi.js')).contractDocument(),
});
