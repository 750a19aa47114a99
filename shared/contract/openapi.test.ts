import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { routes } from './index.js';
import { openApiDocument } from './openapi.js';
import { SETUP_TOKEN_SOURCE } from './employee-models.js';
import { SETUP_TOKEN_PATTERN } from '../domain/employees.js';

type Op = {
  parameters: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: Record<string, any> }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { schema: Record<string, any> }> }>;
  security?: Record<string, string[]>[];
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

describe('the OpenAPI document', () => {
  const doc = openApiDocument(routes, { title: 'Rental back office API', version: '1.0.0' });

  it('is an OpenAPI 3.1 document with info and paths', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc); // plain JSON: no functions, no undefined holes
  });

  it('lists every route of the contract once, under its path and method, with a unique operationId', () => {
    const listed = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ path, method, id: (op as { operationId: string }).operationId })),
    );
    expect(listed).toHaveLength(routes.length);
    expect(new Set(listed.map((o) => o.id)).size).toBe(routes.length);
    for (const r of routes) expect(listed).toContainEqual({ path: r.path, method: r.method.toLowerCase(), id: r.id });
  });

  it('gives each operation valid parts: responses, path parameters named in the path, bodies with a content type', () => {
    for (const [path, ops] of Object.entries(doc.paths)) {
      expect(path.startsWith('/')).toBe(true);
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const [method, raw] of Object.entries(ops)) {
        const op = raw as {
          responses: Record<string, { description: string }>;
          parameters: { name: string; in: string; required: boolean }[];
          requestBody?: { content: Record<string, { schema: unknown }> };
        };
        expect(METHODS).toContain(method);
        expect(Object.keys(op.responses).length).toBeGreaterThan(0);
        const shared = (doc.components as { responses: Record<string, { description: string }> }).responses;
        for (const [code, raw] of Object.entries(op.responses)) {
          const ref = (raw as { $ref?: string }).$ref;
          const res = ref ? shared[ref.replace('#/components/responses/', '')]! : raw;
          expect(code).toMatch(/^([1-5](\d\d|XX)|default)$/);
          expect(typeof res.description).toBe('string');
        }
        const inPath = op.parameters.filter((p) => p.in === 'path');
        expect(inPath.map((p) => p.name).sort()).toEqual([...names].sort());
        for (const p of inPath) expect(p.required).toBe(true);
        for (const p of op.parameters) expect(['path', 'query', 'header']).toContain(p.in);
        if (op.requestBody) expect(Object.keys(op.requestBody.content).length).toBe(1);
      }
    }
  });

  it('publishes the declared answers and the Idempotency-Key header of idempotent routes', () => {
    const login = doc.paths['/api/auth/login']!.post as {
      responses: Record<string, { content: Record<string, { schema: { required: string[] } }> }>;
      security: unknown[];
    };
    expect(login.responses['2XX']!.content['application/json']!.schema.required).toEqual(
      expect.arrayContaining(['token', 'user', 'redirectUrl']),
    );
    expect(login.security).toEqual([]);
    const book = doc.paths['/public/service/{token}/book']!.post as { parameters: { name: string }[] };
    expect(book.parameters.map((p) => p.name)).toContain('Idempotency-Key');
  });

  // R-SET-11: a document a generated client can trust (docs/decisions/0239-openapi-a-document-a-client-can-trust.md).
  const op = (path: string, method: string) => doc.paths[path]![method] as unknown as Op;
  const param = (path: string, method: string, name: string) =>
    op(path, method).parameters.find((p) => p.name === name)!;

  it('validates against the OpenAPI 3.1 schema, and every JSON Schema in it compiles (2020-12)', async () => {
    const result = await new Validator().validate(JSON.parse(JSON.stringify(doc)));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema({ $id: 'doc', components: doc.components }, 'doc');
    const schemas: unknown[] = [];
    for (const ops of Object.values(doc.paths))
      for (const o of Object.values(ops) as unknown as Op[]) {
        for (const p of o.parameters) schemas.push(p.schema);
        for (const m of Object.values(o.requestBody?.content ?? {})) schemas.push(m.schema);
        for (const r of Object.values(o.responses))
          for (const m of Object.values(r.content ?? {})) schemas.push(m.schema);
      }
    expect(schemas.length).toBeGreaterThan(routes.length);
    for (const schema of schemas)
      expect(() =>
        ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components', '"doc#/components'))),
      ).not.toThrow();
  });

  it('validates against its own published answer schema, info.description included', () => {
    const served = openApiDocument(routes, { title: 'T', version: '1', description: 'Generated.' });
    const schema = (served.paths['/api/openapi.json']!.get as unknown as Op).responses['2XX']!.content![
      'application/json'
    ]!.schema;
    const validate = new Ajv2020({ strict: false }).compile(schema);
    expect(validate(JSON.parse(JSON.stringify(served)))).toBe(true);
    expect(served.info.description).toMatch(
      /^Generated\.\n\nQuery parameters an operation does not list are ignored\./,
    );
  });

  it('marks the parameters the server requires as required, with the shapes it enforces', () => {
    for (const path of ['/api/reports/revenue', '/api/reports/employee-performance', '/api/reports/cart-utilization'])
      for (const name of ['startDate', 'endDate']) {
        const p = param(path, 'get', name);
        expect(p.required).toBe(true);
        expect(new RegExp(p.schema.pattern as string).test('2026-02-30')).toBe(true); // shape; the day itself is format: date
        expect(new RegExp(p.schema.pattern as string).test('yesterday')).toBe(false);
        expect(p.schema.format).toBe('date');
      }
    expect(param('/api/reports/daily-log', 'get', 'date').required).toBe(true);
    expect(param('/api/signup/validate-token', 'get', 'token').required).toBe(true);
    expect(param('/api/signup/validate-token', 'get', 'token').schema.minLength).toBe(1);
    expect(SETUP_TOKEN_SOURCE).toBe(SETUP_TOKEN_PATTERN.source);
    expect(param('/api/users/complete-signup', 'get', 'token')).toMatchObject({
      required: true,
      schema: { pattern: '^[A-Za-z0-9_-]{43}$' },
    });
    expect(param('/api/inventory/items', 'get', 'cursor').schema.pattern).toBe('^[A-Za-z0-9_-]*$');
    // R-RES-15: whole hours up to 30 days
    expect(param('/api/reservations/available-items', 'get', 'hours').schema).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 720,
    });
  });

  it('publishes what a pipe finally accepts: enums, bounds, formats', () => {
    const service = op('/api/inventory/services', 'post').requestBody!.content['application/json']!.schema;
    expect(service.properties.rateType).toEqual({ type: 'string', enum: ['PER_PERSON', 'HOURLY', 'FIXED'] });
    const type = op('/api/inventory/product-types', 'post').requestBody!.content['application/json']!.schema;
    expect(type.properties.defaultHourlyRate.anyOf).toContainEqual({ type: 'number', minimum: 0, maximum: 1_000_000 });
    const invite = op('/api/platform/invitations', 'post').requestBody!.content['application/json']!.schema;
    expect(invite.properties.email.format).toBe('email');
  });

  it('refuses reserved and empty field names in request bodies, as the input guard does', () => {
    const body = op('/api/auth/login', 'post').requestBody!.content['application/json']!.schema;
    expect(body.propertyNames).toEqual({ not: { enum: ['', '__proto__', 'constructor', 'prototype'] } });
  });

  it('lists each operation’s refusals with the error schema, and who may call it', () => {
    const login = op('/api/auth/login', 'post');
    expect(Object.keys(login.responses).sort()).toEqual([
      '2XX',
      '400',
      '401',
      '403',
      '404',
      '409',
      '410',
      '413',
      '415',
      '429',
      'default',
    ]);
    expect(login.security).toEqual([]);
    const items = op('/api/inventory/items', 'get');
    expect(Object.keys(items.responses).sort()).toEqual(['2XX', '400', '401', '403', '404', '429', 'default']);
    expect(items.security).toEqual([{ session: [] }, { apiKey: [] }]);
    expect(op('/api/platform/organizations/{id}/modules', 'get').security).toEqual([{ session: [] }]);
    expect(op('/api/auth/logout', 'post').security).toEqual([{}, { session: [] }]);
    const components = doc.components as {
      responses: Record<string, { content: Record<string, { schema: unknown }> }>;
    };
    expect(items.responses['401']).toEqual({ $ref: '#/components/responses/R401' });
    expect(components.responses.R401!.content['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
  });

  it('names the media types files are served as', () => {
    expect(Object.keys(op('/api/platform/analytics/export', 'get').responses['2XX']!.content!)).toEqual(['text/csv']);
    expect(Object.keys(op('/public/calendar/{token}', 'get').responses['2XX']!.content!)).toEqual(['text/calendar']);
  });
});
