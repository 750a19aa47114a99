import { loadOnce } from '../load-once.js';
import type { ApiMiddleware } from './types.js';

/**
 * Multipart form bodies (busboy), for the areas that take them: the area's handler passes this to
 * createAreaHandler, so the parser is only in those bundles. It runs after authorisation.
 *
 * The parser (@middy/http-multipart-body-parser and @fastify/busboy, ~25 KB) is loaded with import()
 * by the first multipart request, not at cold start (issue 9 item 6, "Lean Lambdas"): most of the
 * requests of those areas are JSON. A request whose content type does not start with
 * 'multipart/form-data' is passed over without loading it, as the parser itself would pass it over
 * (disableContentTypeError: it only takes 'multipart/form-data; boundary=...').
 */
export function multipart(limits: { fileSize: number; files?: number; fields?: number }): ApiMiddleware {
  const parser = loadOnce(async () => {
    const { default: httpMultipartBodyParser } = await import('@middy/http-multipart-body-parser');
    return httpMultipartBodyParser({ disableContentTypeError: true, busboy: { limits: { files: 1, fields: 20, ...limits } } }) as unknown as ApiMiddleware;
  });
  return {
    before: async (request) => {
      const headers = request.event.headers;
      const contentType = headers?.['content-type'] ?? headers?.['Content-Type'];
      if (typeof contentType !== 'string' || !contentType.startsWith('multipart/form-data')) return;
      await (await parser.get()).before?.(request);
    },
  };
}
