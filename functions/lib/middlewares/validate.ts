import type * as z from '../../../shared/zod.js';
import { ApiError, validationFailed } from '../errors.js';
import { guardBodySize, guardInput } from '../input-guard.js';
import { stateOf, type ApiEvent, type ApiMiddleware } from './types.js';

function toDetails(error: z.core.$ZodError, where: string) {
  return error.issues.map((i) => ({ msg: i.message, path: [where, ...i.path.map(String)].filter(Boolean).join('.') }));
}

const JSON_TYPE = /^application\/([\w.+-]*\+)?json\b/i;
export const MALFORMED_JSON = 'Invalid or malformed JSON was provided';

/**
 * The JSON body, parsed here (after authorisation, so a caller without the right never learns what
 * is wrong with a body). No body, or a body on a route that takes none, is `undefined`.
 */
function jsonBody(event: ApiEvent, takesBody: boolean): unknown {
  const raw = event.body;
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string') return raw; // parsed by a multipart middleware
  const type = event.headers?.['content-type'] ?? '';
  if (!JSON_TYPE.test(type)) {
    if (!takesBody) return undefined;
    throw new ApiError(415, 'UnsupportedMediaType', 'Send the body as JSON with Content-Type: application/json');
  }
  const text = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  guardBodySize(text);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, 'BadRequest', MALFORMED_JSON);
  }
}

/** Step 5, validate: path, query and body against the route's zod schemas; every problem in one 400. */
export function validate(): ApiMiddleware {
  return {
    before: (request) => {
      const state = stateOf(request);
      const { route } = state;
      const { event } = request;
      const details: { msg: string; path: string }[] = [];
      const parse = (schema: z.ZodMiniType | undefined, value: unknown, where: string) => {
        if (!schema) return undefined;
        const r = schema.safeParse(value);
        if (!r.success) details.push(...toDetails(r.error, where));
        return r.success ? r.data : undefined;
      };
      const body = route.kind === 'multipart' ? undefined : jsonBody(event, route.body !== undefined);
      guardInput({ params: event.pathParameters, query: event.queryStringParameters, body }); // functions/lib/input-guard.ts
      state.params = parse(route.params, event.pathParameters ?? {}, 'params');
      state.query = parse(route.query, event.queryStringParameters ?? {}, 'query');
      state.body = parse(route.body, body, 'body');
      if (details.length) throw validationFailed(details);
      // The operation sees the parsed body on the event too (multipart forms stay as parsed).
      if (route.kind !== 'multipart') event.body = body;
    },
  };
}
