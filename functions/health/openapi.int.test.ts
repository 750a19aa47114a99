import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../shared/contract/index.js';
import { call, useTestTable } from '../testing/harness.js';

beforeAll(async () => {
  await useTestTable();
});

describe('GET /api/openapi.json', () => {
  it('serves the contract as OpenAPI 3.1 without a token, every route listed', async () => {
    const res = await call('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body.openapi).toBe('3.1.0');
    const operations = Object.values(res.body.paths as Record<string, Record<string, unknown>>).reduce(
      (n, ops) => n + Object.keys(ops).length,
      0,
    );
    expect(operations).toBe(routes.length);
  });

  it('is valid OpenAPI 3.1 and matches the answer schema it publishes for itself (info.description included)', async () => {
    const res = await call('GET', '/api/openapi.json');
    expect(typeof res.body.info.description).toBe('string');
    const checked = await new Validator().validate(res.body);
    expect(checked.errors ?? []).toEqual([]);
    const own = res.body.paths['/api/openapi.json'].get.responses['2XX'].content['application/json'].schema;
    expect(new Ajv2020({ strict: false }).compile(own)(res.body)).toBe(true);
  });
});
