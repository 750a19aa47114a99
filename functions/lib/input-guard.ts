import { ApiError, payloadTooLarge } from './errors.js';

/**
 * What no route's input may carry, checked once for every request before its schemas run (docs/decisions/0156-hardening-hostile-input.md):
 * text with NUL or lone UTF-16 surrogates (DynamoDB and most clients choke on them),
 * empty or prototype-named keys, nesting deeper than a person's data ever is, and objects so wide
 * that checking them costs more than the request is worth. Schemas then bound each field.
 */
export const INPUT_LIMITS = {
  /** JSON bodies; files travel to S3 directly (presigned), never through the API. */
  maxBodyBytes: 1024 * 1024,
  maxDepth: 16,
  maxKeysPerObject: 500,
  maxNodes: 20_000,
} as const;

export const INPUT_MESSAGES = {
  badText: 'Text must not contain NUL characters or invalid Unicode',
  badKey: 'Field names must not be empty or reserved (__proto__, constructor, prototype)',
  tooDeep: 'The request is nested too deeply',
  tooWide: 'The request has too many fields',
  tooLarge: 'The request body is too large',
} as const;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const refuse = (message: string, path: string) =>
  new ApiError(400, 'ValidationError', `Validation failed: ${message}`, [{ msg: message, path }]);

const badText = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);

/** Throws a 400 (or 413) naming the first hostile part of `value`; `where` prefixes the path. */
function guardValue(value: unknown, where: string): void {
  let nodes = 0;
  const walk = (v: unknown, path: string, depth: number): void => {
    if (++nodes > INPUT_LIMITS.maxNodes) throw refuse(INPUT_MESSAGES.tooWide, where);
    if (typeof v === 'string') {
      if (badText(v)) throw refuse(INPUT_MESSAGES.badText, path);
      return;
    }
    if (v === null || typeof v !== 'object' || ArrayBuffer.isView(v)) return;
    if (depth > INPUT_LIMITS.maxDepth) throw refuse(INPUT_MESSAGES.tooDeep, path);
    if (Array.isArray(v)) {
      v.forEach((x, i) => walk(x, `${path}.${i}`, depth + 1));
      return;
    }
    const keys = Object.keys(v);
    if (keys.length > INPUT_LIMITS.maxKeysPerObject) throw refuse(INPUT_MESSAGES.tooWide, path);
    // JSON.parse makes "__proto__" an own key; Object.keys lists it.
    for (const k of keys) {
      if (k === '' || RESERVED_KEYS.has(k)) throw refuse(INPUT_MESSAGES.badKey, path);
      if (badText(k)) throw refuse(INPUT_MESSAGES.badText, path);
      walk((v as Record<string, unknown>)[k], `${path}.${k}`, depth + 1);
    }
  };
  walk(value, where, 0);
}

/** Checks a request's path parameters, query and parsed JSON body (multipart forms are left to their parser's limits). */
export function guardInput(input: { params?: unknown; query?: unknown; body?: unknown }): void {
  guardValue(input.params ?? {}, 'params');
  guardValue(input.query ?? {}, 'query');
  if (input.body !== undefined) guardValue(input.body, 'body');
}

/** Before parsing: a JSON body over the limit answers 413 without being parsed. */
export function guardBodySize(text: string): void {
  if (text.length > INPUT_LIMITS.maxBodyBytes || Buffer.byteLength(text) > INPUT_LIMITS.maxBodyBytes)
    throw payloadTooLarge(INPUT_MESSAGES.tooLarge);
}
