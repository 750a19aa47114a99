import { routes } from '../../shared/contract/index.js';
import { openApiDocument, type OpenApiDocument } from '../../shared/contract/openapi.js';
import { createAreaHandler } from '../lib/pipeline.js';

let document: OpenApiDocument | undefined;

/** Answers once the handler can run; the local runtime only routes here after every emulator is ready. */
export const handler = createAreaHandler('health', {
  'health.check': async () => ({ status: 'ok' as const }),
  // Built once per warm function: the contract does not change while it runs.
  'health.openapi': async () => {
    document ??= openApiDocument(routes, { title: 'Rental back office API', version: '1.0.0', description: 'Generated from shared/contract at run time.' });
    return document;
  },
});
