import { loadOnce } from '../load-once.js';
import type { MultipartLimits } from './multipart-types.js';
import type { ApiMiddleware } from './types.js';

export type { MultipartFile, MultipartForm, MultipartLimits } from './multipart-types.js';

const loadParser = /* @__PURE__ */ loadOnce(() => import('./multipart-parse.js'));

/**
 * Multipart form bodies for the areas that take them: the area's handler passes this to
 * createAreaHandler (so only those bundles carry it), and the pipeline runs it on the routes whose
 * contract kind is 'multipart' only. It runs after authorisation.
 *
 * @fastify/busboy (~25 KB) and our glue around it (./multipart-parse.ts) load with import() on the first
 * multipart request, not at cold start (docs/decisions/0132-house-lean-bundles-fourth-pass-every-api.md). The glue is ours, not @middy/http-multipart-body-parser's, whose
 * missing 'error' listeners on file streams and `name[]` handling let one request end the process
 * (docs/decisions/0005-multipart-and-availability.md). Here every stream's error is
 * handled, the form has no prototype, and whatever the parser or the limits refuse is a 400 or 413.
 */
export function multipart(limits: MultipartLimits): ApiMiddleware {
  return {
    before: async (request) => {
      request.event.body = await (await loadParser.get()).parseMultipartEvent(request.event, limits);
    },
  };
}
