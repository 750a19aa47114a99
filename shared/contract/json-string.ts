import * as z from '../zod.js';

/**
 * A field that travels as JSON text but is an object everywhere else (R-SVC-1: the service's
 * object-valued fields), in the style of Powertools' `JSONStringified`: decoding parses the text and
 * validates it against `schema` once; encoding writes `JSON.stringify` of a valid value. The server
 * encodes its answers with it, the SPA decodes them with it, tests read typed objects through it.
 * `schema` must be transform-free (plain shapes): zod can only encode what it can run backwards.
 */
export function jsonString<S extends z.core.$ZodType>(schema: S, label = 'Value') {
  return z.codec(z.string(), schema, {
    decode: (text, ctx) => {
      try {
        return JSON.parse(text) as z.core.input<S>;
      } catch {
        ctx.issues.push({
          code: 'invalid_format',
          format: 'json',
          input: text,
          message: `${label} must be valid JSON`,
        });
        return z.NEVER;
      }
    },
    encode: (value) => JSON.stringify(value),
  });
}
