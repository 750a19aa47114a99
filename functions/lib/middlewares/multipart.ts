import httpMultipartBodyParser from '@middy/http-multipart-body-parser';
import type { ApiMiddleware } from './types.js';

/**
 * Multipart form bodies (busboy), for the areas that take them: the area's handler passes this to
 * createAreaHandler, so the parser is only in those bundles. It runs after authorisation.
 */
export function multipart(limits: { fileSize: number; files?: number; fields?: number }): ApiMiddleware {
  return httpMultipartBodyParser({ disableContentTypeError: true, busboy: { limits: { files: 1, fields: 20, ...limits } } }) as unknown as ApiMiddleware;
}
