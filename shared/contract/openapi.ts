import * as z from '../zod.js';
import type { RouteContract } from './types.js';

/**
 * The contract as an OpenAPI 3.1 document (served at GET /api/openapi.json). Schemas come from
 * zod 4's `z.toJSONSchema` (JSON Schema 2020-12, which OpenAPI 3.1 uses as is), both requests and
 * answers as their input side (see jsonSchema). What JSON Schema cannot say (transforms,
 * refinements) is left open rather than guessed; what the pipeline enforces on every request (the
 * input guard, functions/lib/input-guard.ts) is added here so a generated client can trust the
 * document (docs/decisions/0239-openapi-a-document-a-client-can-trust.md).
 */
type Json = Record<string, unknown>;

/** Field names the input guard refuses in any request part (functions/lib/input-guard.ts RESERVED_KEYS). */
const REFUSED_KEYS = ['', '__proto__', 'constructor', 'prototype'] as const;

/** Adds the input guard's key rule to every object of a request schema, recursively. */
function guardKeys(s: unknown): void {
  if (Array.isArray(s)) {
    for (const x of s) guardKeys(x);
    return;
  }
  if (!s || typeof s !== 'object') return;
  const o = s as Json;
  if (o.type === 'object' && o.additionalProperties !== false) o.propertyNames = { not: { enum: [...REFUSED_KEYS] } };
  for (const [k, v] of Object.entries(o)) if (k !== 'propertyNames' && k !== 'enum' && k !== 'const') guardKeys(v);
}

const isOpen = (s: Json) => Object.keys(s).filter((k) => k !== '$schema').length === 0;

/**
 * A pipe's input side alone says too little: `amount` reads a number or numeric text and then holds
 * the number to 0..1,000,000; a rate type reads any text, upper-cases it, then takes one of three
 * values. What a client must send is what the pipe's last stage accepts, so a request pipe is
 * published as its output stage's input side (the leniency before it, numeric text or lower case,
 * is accepted but not promised). A stage JSON Schema cannot state (a transform) keeps the input side.
 */
function publishPipeTarget(ctx: { zodSchema: unknown; jsonSchema: Json }): void {
  const def = (ctx.zodSchema as { _zod?: { def?: { type?: string; out?: z.ZodMiniType } } })._zod?.def;
  if (def?.type !== 'pipe' || !def.out) return;
  const target = jsonSchema(def.out, 'request');
  if (isOpen(target)) return;
  for (const k of Object.keys(ctx.jsonSchema)) if (k !== 'description' && k !== 'default') delete ctx.jsonSchema[k];
  Object.assign(ctx.jsonSchema, target);
}

/**
 * `request`: what a client sends (the input side, pipes as their target); `answer`: what the server
 * sends, which is the operation's body as produced, checked against the schema but not transformed
 * (functions/lib/middlewares/serialise.ts), so also the input side: a JSON-text field is text on the
 * wire even though the SPA's client parses it into an object.
 */
function jsonSchema(schema: z.ZodMiniType, use: 'request' | 'answer'): Json {
  const io = 'input';
  const s = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
    ...(use === 'request' ? { override: publishPipeTarget as never } : {}),
  }) as Json;
  delete s.$schema;
  if (use === 'request') guardKeys(s);
  return s;
}

const errorSchema: Json = {
  type: 'object',
  required: ['error', 'message'],
  properties: {
    error: {
      type: 'string',
      description:
        'A stable code: ValidationError (the request does not match this document), BadRequest (a business rule), Unauthorized, Forbidden, NotFound, Conflict, Gone, PayloadTooLarge, UnsupportedMediaType, TooManyRequests, AccountLocked (sign-in: the account, not the network, is locked), ...',
    },
    message: { type: 'string', description: 'What a person may be shown' },
    details: {
      type: 'array',
      items: {
        type: 'object',
        required: ['msg', 'path'],
        properties: { msg: { type: 'string' }, path: { type: 'string' } },
      },
    },
  },
};

/** The refusals an operation can answer, each a shared response with the error schema. */
const REFUSALS = {
  '400':
    'Bad request: the request does not match this document (ValidationError, with `details`), is malformed JSON, or breaks a business rule (BadRequest)',
  '401': 'Not signed in: no token, or an expired, revoked or malformed one',
  '403':
    'Not allowed: role, permission settings, a module switched off, an API key on a person-only route, or a call that bypassed the edge',
  '404': 'Not found: an unknown id, link or organization',
  '409': 'Conflict: the change clashes with the current state (a duplicate, a stale version, an overlapping booking)',
  '410': 'Gone: the link expired or was withdrawn',
  '413': 'The JSON body is larger than 1 MB',
  '415': 'The body is not JSON (send Content-Type: application/json)',
  '422': 'The Idempotency-Key was used before with another request',
  '429': 'Too many requests: wait the seconds in Retry-After',
} as const;
type RefusalCode = keyof typeof REFUSALS;

/**
 * What each operation can refuse with. Every request passes the input guard (400), whatever the
 * route; the rest follows from what the route is: who may call it, whether it reads an id or a
 * link, whether it writes, takes a body, takes an Idempotency-Key. The property test
 * (functions/openapi-property.int.test.ts) checks every answer it provokes is listed.
 */
function refusalsOf(r: RouteContract): RefusalCode[] {
  const codes = new Set<RefusalCode>(['400', '403', '404', '429']);
  if (r.access !== 'public' || r.personOnly) codes.add('401');
  if (r.access === 'public') codes.add('401').add('410');
  if (r.method !== 'GET') codes.add('409').add('410');
  if (r.body || r.kind === 'multipart') codes.add('413').add('415');
  if (r.idempotent) codes.add('422');
  return [...codes].sort();
}

function parameters(r: RouteContract): Json[] {
  const out: Json[] = [];
  for (const [where, schema] of [
    ['path', r.params],
    ['query', r.query],
  ] as const) {
    if (!schema) continue;
    const s = jsonSchema(schema, 'request');
    const required = new Set((s.required as string[] | undefined) ?? []);
    for (const [name, prop] of Object.entries((s.properties as Record<string, Json> | undefined) ?? {})) {
      const { description, ...rest } = prop;
      out.push({
        name,
        in: where,
        required: where === 'path' || required.has(name),
        ...(typeof description === 'string' ? { description } : {}),
        schema: rest,
      });
    }
  }
  if (r.idempotent) {
    out.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'One key per submission: a retry of the same request with the same key answers the first answer and writes nothing; the same key with another request is refused (422).',
      schema: { type: 'string', pattern: '^[A-Za-z0-9_.:-]{8,128}$' },
    });
  }
  return out;
}

function requestBody(r: RouteContract): Json | undefined {
  if (r.kind === 'multipart')
    return { required: true, content: { 'multipart/form-data': { schema: { type: 'object' } } } };
  if (!r.body) return undefined;
  return {
    required: !r.body.safeParse(undefined).success,
    content: { 'application/json': { schema: jsonSchema(r.body, 'request') } },
  };
}

function success(r: RouteContract): Json {
  if (r.kind === 'stream')
    return {
      description: (z.globalRegistry.get(r.response)?.description as string | undefined) ?? 'Server-sent events',
      content: { 'text/event-stream': { schema: { type: 'string' } } },
    };
  if (r.kind === 'file') {
    const meta = z.globalRegistry.get(r.response);
    // A file route names its media type (the calendar feed: text/calendar; the analytics export: text/csv).
    const type = (meta?.contentMediaType as string | undefined) ?? 'application/octet-stream';
    return {
      description: (meta?.description as string | undefined) ?? 'A file',
      content: { [type]: { schema: { type: 'string' } } },
    };
  }
  return { description: 'Success', content: { 'application/json': { schema: jsonSchema(r.response, 'answer') } } };
}

/**
 * Who may call: public routes need nothing (sign-out takes the session it ends, if any); platform
 * routes a platform administrator's session; person-only routes a person's session, never an API
 * key (R-SET-9); every other route a session or an API key. The live stream also takes the session
 * in its query, since EventSource cannot send headers (R-DASH-4).
 */
function security(r: RouteContract): Json[] {
  if (r.access === 'public') return r.personOnly ? [{}, { session: [] }] : [];
  const out: Json[] = [{ session: [] }];
  if (r.access === 'user' && !r.personOnly) out.push({ apiKey: [] });
  if (r.kind === 'stream') out.push({ streamToken: [] });
  return out;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Json>>;
  [key: string]: unknown;
}

/** What holds for every operation and JSON Schema cannot say per field; published in `info.description`. */
const DOCUMENT_RULES = [
  'Query parameters an operation does not list are ignored.',
  `No request part (path, query, body) may use an empty or reserved field name (${REFUSED_KEYS.filter(Boolean).join(', ')}), text with NUL characters or unpaired UTF-16 surrogates, nesting deeper than 16 levels or objects with more than 500 fields: these are refused with 400.`,
  'Every refusal is JSON `{error, message, details?}` (components.schemas.Error).',
  'Money is in dollars with at most two decimals; dates are YYYY-MM-DD days in the organization’s time zone.',
].join(' ');

export function openApiDocument(routes: readonly RouteContract[], info: OpenApiDocument['info']): OpenApiDocument {
  const paths: Record<string, Record<string, Json>> = {};
  for (const r of routes) {
    const refusals = Object.fromEntries(
      refusalsOf(r).map((code) => [code, { $ref: `#/components/responses/R${code}` }]),
    );
    const op: Json = {
      operationId: r.id,
      summary: r.summary,
      tags: [r.area],
      ...(r.beyondSpec ? { description: `Beyond the specification: ${r.beyondSpec}` } : {}),
      security: security(r),
      parameters: parameters(r),
      ...(requestBody(r) ? { requestBody: requestBody(r) } : {}),
      responses: {
        '2XX': success(r),
        ...refusals,
        default: {
          description: 'A failure on our side (5xx), or a route not built yet (501)',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
      'x-access': r.access,
      ...(r.capability ? { 'x-capability': r.capability } : {}),
      ...(r.permission ? { 'x-permission': r.permission } : {}),
    };
    (paths[r.path] ??= {})[r.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: { ...info, description: [info.description, DOCUMENT_RULES].filter(Boolean).join('\n\n') },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: { Error: errorSchema },
      responses: Object.fromEntries(
        Object.entries(REFUSALS).map(([code, description]) => [
          `R${code}`,
          { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        ]),
      ),
      securitySchemes: {
        session: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'A signed-in session: the token POST /api/auth/login answers',
        },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'rbo_live_…',
          description: "An organization's API key (docs/api.md), sent as a bearer token",
        },
        streamToken: {
          type: 'apiKey',
          in: 'query',
          name: 'token',
          description: 'The session token in the query, for EventSource clients that cannot send headers',
        },
      },
    },
    security: [{ session: [] }, { apiKey: [] }],
  };
}
