import { routes } from '../../shared/contract/index.js';
import { openApiDocument, type OpenApiDocument } from '../../shared/contract/openapi.js';

/**
 * The OpenAPI document of every route (GET /api/openapi.json). The health handler loads this module
 * on first use: it holds the whole contract and zod's JSON Schema generator, which the health check
 * itself never needs (infra/bundle.mjs gives this module, and only it, the whole contract index).
 */
let document: OpenApiDocument | undefined;

/** Built once per warm function: the contract does not change while it runs. */
export function contractDocument(): OpenApiDocument {
  document ??= openApiDocument(routes, {
    title: 'Rental back office API',
    version: '1.0.0',
    description: 'Generated from shared/contract at run time.',
  });
  return document;
}
