import { describe, expect, it } from 'vitest';
import { routes } from './index.js';
import { openApiDocument } from './openapi.js';

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
        for (const [code, res] of Object.entries(op.responses)) {
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
});
