import * as z from '../zod.js';
import type { RouteContract } from './types.js';

/**
 * The contract as an OpenAPI 3.1 document (served at GET /api/openapi.json). Schemas come from
 * zod 4's `z.toJSONSchema` (JSON Schema 2020-12, which OpenAPI 3.1 uses as is): request parts as
 * their input side, answers as their output side. What JSON Schema cannot say (transforms,
 * refinements) is left open rather than guessed.
 */
type Json = Record<string, unknown>;

function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): Json {
  const s = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
  }) as Json;
  delete s.$schema;
  return s;
}

const errorSchema: Json = {
  type: 'object',
  required: ['error', 'message'],
  properties: {
    error: {
      type: 'string',
      description: 'A stable code: ValidationError, Unauthorized, Forbidden, NotFound, Conflict, NotImplemented, ...',
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

function parameters(r: RouteContract): Json[] {
  const out: Json[] = [];
  for (const [where, schema] of [
    ['path', r.params],
    ['query', r.query],
  ] as const) {
    if (!schema) continue;
    const s = jsonSchema(schema, 'input');
    const required = new Set((s.required as string[] | undefined) ?? []);
    for (const [name, prop] of Object.entries((s.properties as Record<string, Json> | undefined) ?? {})) {
      out.push({ name, in: where, required: where === 'path' || required.has(name), schema: prop });
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
    content: { 'application/json': { schema: jsonSchema(r.body, 'input') } },
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
    // A file route may name its media type (the calendar feed: text/calendar); else a download.
    const type = (meta?.contentMediaType as string | undefined) ?? 'application/octet-stream';
    return {
      description: (meta?.description as string | undefined) ?? 'A file',
      content: { [type]: { schema: { type: 'string', format: 'binary' } } },
    };
  }
  return { description: 'Success', content: { 'application/json': { schema: jsonSchema(r.response, 'output') } } };
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Json>>;
  [key: string]: unknown;
}

export function openApiDocument(routes: readonly RouteContract[], info: OpenApiDocument['info']): OpenApiDocument {
  const paths: Record<string, Record<string, Json>> = {};
  for (const r of routes) {
    const op: Json = {
      operationId: r.id,
      summary: r.summary,
      tags: [r.area],
      ...(r.beyondSpec ? { description: `Beyond the specification: ${r.beyondSpec}` } : {}),
      ...(r.access === 'public' ? { security: [] } : {}),
      parameters: parameters(r),
      ...(requestBody(r) ? { requestBody: requestBody(r) } : {}),
      responses: {
        '2XX': success(r),
        default: {
          description: 'A refusal or failure',
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
    info,
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: { Error: errorSchema },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    security: [{ bearer: [] }],
  };
}
