import type { RouteContract } from '../../shared/contract/index.js';
import { acceptsStructure, type Json, jsonSchemaOf, sample } from './fuzz-schema.js';
import { repair } from './fuzz-repair.js';

/**
 * Inputs for the contract fuzz test (docs/decisions/0159-hardening-contract-fuzz-test.md): a best-effort valid sample derived from a
 * route's zod schemas (fuzz-schema.ts, made valid by fuzz-repair.ts), and hostile variants of it. The
 * multipart catalogue is fuzz-multipart.ts.
 */

/** Wraps `leaf` in `depth` levels of objects. */
const nested = (depth: number, leaf: Json = 1): Json => (depth === 0 ? leaf : { a: nested(depth - 1, leaf) });
const nestedArray = (depth: number): Json => (depth === 0 ? 1 : [nestedArray(depth - 1)]);
const MEGABYTE = 'x'.repeat(1024 * 1024);

/** Values any field may meet from an attacker. */
const HOSTILE_VALUES: { name: string; value: Json; heavy?: boolean }[] = [
  { name: 'null', value: null },
  { name: 'true', value: true },
  { name: 'number', value: 12345 },
  { name: 'string', value: 'x' },
  { name: 'empty string', value: '' },
  { name: 'array', value: [] },
  { name: 'object', value: {} },
  { name: '1e200', value: 1e200 },
  { name: '-1e200', value: -1e200 },
  { name: '5e-324', value: 5e-324 },
  { name: '2^53+1', value: 2 ** 53 + 2 },
  { name: '-1', value: -1 },
  { name: '0.001', value: 0.001 },
  { name: "'1e200'", value: '1e200' },
  { name: "'9007199254740993'", value: '9007199254740993' },
  { name: "'5e-324'", value: '5e-324' },
  { name: 'NUL', value: 'a\u0000b' },
  { name: 'lone surrogate', value: 'a\ud800b' },
  { name: 'RTL and emoji', value: '\u202e🙂\u0301' },
  { name: '100 KB string', value: 'y'.repeat(100_000) },
  { name: '41-deep object', value: nested(41), heavy: true },
  { name: '41-deep array', value: nestedArray(41), heavy: true },
  { name: 'empty key', value: { '': 1 } },
  { name: 'constructor key', value: { constructor: { prototype: { polluted: true } } } },
  { name: 'toString key', value: { toString: 1, valueOf: 'x', hasOwnProperty: null } },
  {
    name: '1 MB of keys',
    value: Object.fromEntries(Array.from({ length: 40_000 }, (_, i) => [`k${i}-${'z'.repeat(12)}`, 1])),
    heavy: true,
  },
  { name: 'JSON text of a deep object', value: JSON.stringify(nested(41)), heavy: true },
  { name: 'JSON text with __proto__', value: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}' },
];

/** Paths to every value inside `v` (objects and arrays included), the root excluded. */
function leafPaths(v: Json, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (v && typeof v === 'object') {
    for (const [k, child] of Object.entries(v)) {
      const p = [...prefix, Array.isArray(v) ? Number(k) : k];
      out.push(p);
      leafPaths(child as Json, p, out);
    }
  }
  return out;
}

function setAt(root: Json, path: (string | number)[], value: Json): Json {
  const copy = structuredClone(root);
  let cur = copy as Record<string | number, Json>;
  for (const k of path.slice(0, -1)) cur = cur[k] as Record<string | number, Json>;
  cur[path[path.length - 1]!] = value;
  return copy;
}

export interface FuzzCase {
  name: string;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Json;
  rawBody?: string;
}

/** Hostile request bodies that are not a JSON value (raw text as sent). */
const RAW_BODIES: { name: string; raw: string }[] = [
  { name: '__proto__ key', raw: '{"__proto__":{"isAdmin":true,"polluted":true}}' },
  { name: 'truncated JSON', raw: '{"a":' },
  { name: 'lone surrogate escape', raw: '{"name":"\\ud800"}' },
  { name: '1 MB string body', raw: JSON.stringify({ name: MEGABYTE }) },
  { name: '1 MB key', raw: `{"${MEGABYTE}":1}` },
  { name: 'duplicate keys', raw: '{"a":1,"a":{"b":2}}' },
];

const pathParamNames = (r: RouteContract) => [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/**
 * The cases for one route: its baseline, then every leaf of the baseline body and query replaced
 * by hostile values (rotated so each leaf meets several and every value is used), whole-body
 * attacks, odd path parameters and unknown fields. `budget` caps the count per route.
 */
export function casesFor(r: RouteContract, budget = 1000): FuzzCase[] {
  const params: Record<string, string> = Object.fromEntries(
    pathParamNames(r).map((n) => {
      const js = r.params ? jsonSchemaOf(r.params).properties?.[n] : undefined;
      const v = js ? sample(js) : 'x';
      return [n, typeof v === 'string' && v.length ? v : String(v)];
    }),
  );
  if (r.params && Object.keys(params).length) {
    const fixed = repair(r.params, params) as Record<string, unknown> | undefined;
    for (const k of Object.keys(params))
      if (fixed && typeof fixed[k] === 'string' && fixed[k]) params[k] = fixed[k] as string;
  }
  const query = r.query ? (repair(r.query, sample(jsonSchemaOf(r.query))) as Record<string, Json>) : undefined;
  const queryText =
    query && typeof query === 'object' && !Array.isArray(query)
      ? Object.fromEntries(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]))
      : undefined;
  const hasBody = r.body !== undefined && r.method !== 'GET';
  const body = hasBody ? (repair(r.body!, sample(jsonSchemaOf(r.body!))) as Json) : undefined;
  const base: FuzzCase = { name: 'baseline', params, query: queryText, body };
  const cases: FuzzCase[] = [base];

  const leafCases: FuzzCase[] = [];
  if (hasBody) {
    for (const hv of HOSTILE_VALUES) cases.push({ ...base, name: `body = ${hv.name}`, body: hv.value });
    for (const rb of RAW_BODIES) cases.push({ ...base, name: `raw: ${rb.name}`, body: undefined, rawBody: rb.raw });
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      cases.push({ ...base, name: 'unknown field', body: { ...body, unexpectedField: 'x', isAdmin: true } });
      cases.push({ ...base, name: 'empty key', body: { ...body, '': 'x' } });
    }
    const paths = leafPaths(body!);
    // every top-level field meets every hostile value; deeper ones at least 4, rotated
    const top = paths.filter((p) => p.length === 1);
    const props = jsonSchemaOf(r.body!).properties ?? {};
    for (const p of top) {
      // the heavy values (1 MB of keys, deep nesting) only where an object or array may go
      const values = acceptsStructure(props[String(p[0])]) ? HOSTILE_VALUES : HOSTILE_VALUES.filter((hv) => !hv.heavy);
      for (const hv of values)
        leafCases.push({ ...base, name: `body.${p.join('.')} = ${hv.name}`, body: setAt(body!, p, hv.value) });
    }
    const deep = paths.filter((p) => p.length > 1);
    for (let i = 0; i < deep.length * 4; i++) {
      const p = deep[i % deep.length]!;
      const hv = HOSTILE_VALUES[(i * 7 + Math.floor(i / deep.length)) % HOSTILE_VALUES.length]!;
      leafCases.push({ ...base, name: `body.${p.join('.')} = ${hv.name}`, body: setAt(body!, p, hv.value) });
    }
  } else if (r.method !== 'GET') {
    cases.push({ ...base, name: 'unexpected body', body: { a: nested(41) } });
  }

  if (queryText) {
    for (const k of Object.keys(queryText)) {
      for (const v of ['1e200', '-1', '9007199254740993', '5e-324', '', 'x'.repeat(5000), 'a\u0000b', '[]', 'NaN']) {
        cases.push({ ...base, name: `query.${k} = ${v.slice(0, 12)}`, query: { ...queryText, [k]: v } });
      }
    }
  }
  cases.push({ ...base, name: 'unknown query', query: { ...(queryText ?? {}), constructor: 'x', __proto__x: '1' } });
  for (const [k, v] of [
    ['', 'x'],
    ['a\u0000', '1'],
    ['limit', '1e200'],
    ['cursor', '%%%'],
    ['page', '-9007199254740993'],
    ['x', 'y'.repeat(10_000)],
  ] as const) {
    cases.push({ ...base, name: `odd query ${JSON.stringify(k)}`, query: { ...(queryText ?? {}), [k]: v } });
  }

  for (const n of Object.keys(params)) {
    for (const v of ['x'.repeat(3000), 'a\u0000b', '..', '%', '🙂', ' ', 'constructor', '__proto__']) {
      cases.push({ ...base, name: `params.${n} = ${v.slice(0, 12)}`, params: { ...params, [n]: v } });
    }
  }
  cases.push(...leafCases);
  return cases.slice(0, budget);
}
