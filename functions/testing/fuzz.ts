import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { RouteContract } from '../../shared/contract/index.js';

/**
 * Inputs for the contract fuzz test (docs/decisions/hardening-contract-fuzz-test.md): a best-effort valid sample derived from a
 * route's zod schemas (through their JSON Schema, input side), and hostile variants of it.
 */
type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type JsonSchema = {
  type?: string | string[];
  const?: Json;
  enum?: Json[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  default?: Json;
};

const PATTERN_CANDIDATES = [
  '2030-01-05',
  '10:00',
  '2030-01-05T10:00:00.000Z',
  randomUUID(),
  'Zm9yZ2VkLXNoYXJlLXRva2VuLW5vdC1yZWFs',
  'fuzz@example.com',
  '+1 555 123 4567',
  '(555) 010-0001',
  '12.50',
  '1',
  'abc',
  'ABC-001',
  '#aabbcc',
  'https://example.com/x',
  'inventory',
  'a',
  'A',
  'GC-001',
  '2030-01',
  '30',
  'USD',
  'fuzz',
];

export function jsonSchemaOf(schema: z.core.$ZodType): JsonSchema {
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

/** A value the schema probably accepts (refinements aside): the baseline the mutations start from. */
export function sample(js: JsonSchema | boolean | undefined, depth = 0): Json {
  if (js === undefined || js === true || js === false || depth > 12) return 'x';
  if (js.const !== undefined) return js.const;
  if (js.enum?.length) return js.enum[0]!;
  if (js.default !== undefined) return js.default;
  const alt = js.anyOf ?? js.oneOf;
  if (alt?.length) return sample(alt.find((a) => a.type !== 'null') ?? alt[0], depth + 1);
  if (js.allOf?.length) return sample(Object.assign({}, ...js.allOf), depth + 1);
  const type = Array.isArray(js.type) ? (js.type.find((t) => t !== 'null') ?? 'null') : js.type;
  switch (type) {
    case 'object': {
      if (js.properties && Object.keys(js.properties).length) {
        return Object.fromEntries(Object.entries(js.properties).map(([k, v]) => [k, sample(v, depth + 1)]));
      }
      if (js.additionalProperties && typeof js.additionalProperties === 'object')
        return { key: sample(js.additionalProperties, depth + 1) };
      return {};
    }
    case 'array': {
      const items = js.prefixItems ?? (Array.isArray(js.items) ? js.items : undefined);
      if (items) return items.map((i) => sample(i, depth + 1));
      const n = Math.max(1, js.minItems ?? 1);
      return Array.from({ length: Math.min(n, js.maxItems ?? n) }, () => sample(js.items as JsonSchema, depth + 1));
    }
    case 'string': {
      if (js.format === 'email') return 'fuzz@example.com';
      if (js.format === 'date') return '2030-01-05';
      if (js.format === 'date-time') return '2030-01-05T10:00:00.000Z';
      if (js.format === 'uuid') return randomUUID();
      let s = 'fuzz';
      if (js.pattern) {
        const re = new RegExp(js.pattern);
        s = PATTERN_CANDIDATES.find((c) => re.test(c)) ?? s;
      }
      if (js.minLength && s.length < js.minLength) s = s.padEnd(js.minLength, 'x');
      if (js.maxLength !== undefined && s.length > js.maxLength) s = s.slice(0, js.maxLength);
      return s;
    }
    case 'integer':
    case 'number': {
      let n = js.minimum ?? (js.exclusiveMinimum !== undefined ? js.exclusiveMinimum + 1 : 1);
      if (js.maximum !== undefined && n > js.maximum) n = js.maximum;
      return type === 'integer' ? Math.ceil(n) : n;
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'x';
  }
}

/** Wraps `leaf` in `depth` levels of objects. */
export const nested = (depth: number, leaf: Json = 1): Json => (depth === 0 ? leaf : { a: nested(depth - 1, leaf) });
export const nestedArray = (depth: number): Json => (depth === 0 ? 1 : [nestedArray(depth - 1)]);
export const MEGABYTE = 'x'.repeat(1024 * 1024);

/** Values any field may meet from an attacker. */
export const HOSTILE_VALUES: { name: string; value: Json; heavy?: boolean }[] = [
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

/** True when the schema may take an object or an array (or is unknown). */
function acceptsStructure(js: JsonSchema | undefined): boolean {
  if (!js || (!js.type && !js.anyOf && !js.oneOf && !js.allOf && js.const === undefined && !js.enum)) return true;
  const types = Array.isArray(js.type) ? js.type : js.type ? [js.type] : [];
  if (types.includes('object') || types.includes('array')) return true;
  return [...(js.anyOf ?? []), ...(js.oneOf ?? []), ...(js.allOf ?? [])].some(acceptsStructure);
}

/** Paths to every value inside `v` (objects and arrays included), the root excluded. */
export function leafPaths(
  v: Json,
  prefix: (string | number)[] = [],
  out: (string | number)[][] = [],
): (string | number)[][] {
  if (v && typeof v === 'object') {
    for (const [k, child] of Object.entries(v)) {
      const p = [...prefix, Array.isArray(v) ? Number(k) : k];
      out.push(p);
      leafPaths(child as Json, p, out);
    }
  }
  return out;
}

export function setAt(root: Json, path: (string | number)[], value: Json): Json {
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
export const RAW_BODIES: { name: string; raw: string }[] = [
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

const REPAIR_CANDIDATES: unknown[] = [
  undefined,
  '10:00',
  '12:00',
  '2030-01-05',
  '2030-01-06',
  'fuzz@example.com',
  'paddle-hard-9',
  '+1 555 123 4567',
  randomUUID(),
  1,
  2,
  10,
  100,
  true,
  false,
  null,
  '',
  'x',
  'fuzz',
  '[]',
  '{}',
  [],
  {},
  'PER_PERSON',
  'FIXED',
  'hourly',
  'image/png',
  'UTC',
  '12.50',
  '1',
];

function getAt(root: unknown, path: PropertyKey[]): unknown {
  let cur = root as Record<PropertyKey, unknown> | undefined;
  for (const k of path) cur = cur?.[k] as Record<PropertyKey, unknown> | undefined;
  return cur;
}

function withValue(root: unknown, path: PropertyKey[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as Record<PropertyKey, unknown>;
  let cur = copy;
  for (const k of path.slice(0, -1)) {
    if (cur[k] === null || typeof cur[k] !== 'object') cur[k] = typeof path[path.indexOf(k) + 1] === 'number' ? [] : {};
    cur = cur[k] as Record<PropertyKey, unknown>;
  }
  const last = path[path.length - 1]!;
  if (value === undefined && !Array.isArray(cur)) delete cur[last];
  else cur[last] = value;
  return copy;
}

/**
 * Nudges `value` until `schema` accepts it (refinements included), one issue at a time: each
 * issue's field tries the values the issue names (enum members, limits), common shapes (times,
 * dates, e-mails), its sibling values (a confirmation equal to its password) and removal.
 * Returns the best value found; callers treat it as valid only if it parses.
 */
export function repair(schema: z.core.$ZodType, value: unknown, rounds = 40): unknown {
  let cur = value;
  let issues = z.safeParse(schema, cur).error?.issues ?? [];
  for (let i = 0; i < rounds && issues.length; i++) {
    const issue = issues[0]! as z.core.$ZodIssue & {
      values?: unknown[];
      keys?: string[];
      minimum?: number | bigint;
      maximum?: number | bigint;
      expected?: string;
    };
    const path = issue.path;
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      let next = cur;
      for (const k of issue.keys) next = withValue(next, [...path, k], undefined);
      cur = next;
      issues = z.safeParse(schema, cur).error?.issues ?? [];
      continue;
    }
    const parent = getAt(cur, path.slice(0, -1));
    const siblings =
      parent && typeof parent === 'object' ? Object.values(parent as object).filter((v) => typeof v === 'string') : [];
    const own: unknown[] = [
      ...(issue.values ?? []),
      ...(typeof issue.minimum === 'number' ? [issue.minimum, 'x'.repeat(Math.min(issue.minimum, 1000))] : []),
      ...(typeof issue.maximum === 'number' ? [issue.maximum] : []),
      ...(issue.expected === 'array'
        ? [[]]
        : issue.expected === 'object'
          ? [{}]
          : issue.expected === 'number'
            ? [1]
            : issue.expected === 'boolean'
              ? [true]
              : []),
    ];
    // the candidate that removes this issue with the fewest issues left (one more is allowed: a
    // closed day's times come next), else any that lowers the count
    let best = cur;
    let bestIssues: z.core.$ZodIssue[] | undefined;
    for (const c of [...own, ...siblings, ...REPAIR_CANDIDATES]) {
      const next = withValue(cur, path, c);
      const n = z.safeParse(schema, next).error?.issues ?? [];
      const stillHere = n.some((x) => x.path.join('.') === path.join('.') && x.code === issue.code);
      const better =
        bestIssues === undefined
          ? (!stillHere && n.length <= issues.length + 1) || n.length < issues.length
          : n.length < bestIssues.length;
      if (better) {
        best = next;
        bestIssues = n;
        if (!n.length) break;
      }
    }
    if (!bestIssues) break;
    cur = best;
    issues = bestIssues;
  }
  return cur;
}

/** A hostile multipart/form-data request: the Content-Type header as sent and the raw body. */
export interface MultipartCase {
  name: string;
  contentType: string;
  body: string;
}

/**
 * docs/decisions/multipart-and-availability.md: multipart bodies a parser must survive, sent to every multipart route and every
 * public route (which must not parse them at all). `fileField` is the route's file field, so the
 * cases that are otherwise well formed reach the route's own checks.
 */
export function multipartCatalogue(fileField = 'file'): MultipartCase[] {
  const type = (boundary: string) => `multipart/form-data; boundary=${boundary}`;
  const field = (name: string, value: string, b = 'x') =>
    `--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const file = (name: string, content = '%PDF-1.4 fuzz', b = 'x', filename = 'a.pdf') =>
    `--${b}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n${content}\r\n`;
  const end = (b = 'x') => `--${b}--\r\n`;
  const cases: MultipartCase[] = [
    {
      name: 'truncated file part',
      contentType: type('x'),
      body: `--x\r\nContent-Disposition: form-data; name="${fileField}"; filename="a.pdf"\r\n\r\n%PDF-`,
    },
    { name: 'truncated part headers', contentType: type('x'), body: '--x\r\nContent-Disposition: form-data; na' },
    {
      name: 'truncated field part',
      contentType: type('x'),
      body: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nabc',
    },
    { name: 'opening boundary only', contentType: type('x'), body: '--x' },
    { name: 'closing boundary only', contentType: type('x'), body: end() },
    { name: 'empty body', contentType: type('x'), body: '' },
    { name: 'no boundary parameter', contentType: 'multipart/form-data', body: field('name', 'a') + end() },
    {
      name: 'empty boundary',
      contentType: 'multipart/form-data; boundary=',
      body: '--\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n----\r\n',
    },
    { name: 'boundary not in the body', contentType: type('x'), body: field('name', 'a', 'y') + end('y') },
    {
      name: 'quoted boundary with spaces',
      contentType: 'multipart/form-data; boundary="a b"',
      body: field('name', 'a', 'a b') + file(fileField, '%PDF-1.4', 'a b') + end('a b'),
    },
    {
      name: '1000-character boundary',
      contentType: type('b'.repeat(1000)),
      body: field('name', 'a', 'b'.repeat(1000)) + end('b'.repeat(1000)),
    },
    {
      name: 'odd content type casing and charset',
      contentType: 'Multipart/Form-Data; BOUNDARY=x; charset=utf-16',
      body: field('name', 'a') + end(),
    },
    { name: 'multipart/mixed', contentType: 'multipart/mixed; boundary=x', body: field('name', 'a') + end() },
    {
      name: 'LF line ends only',
      contentType: type('x'),
      body: (field('name', 'a') + file(fileField) + end()).replace(/\r\n/g, '\n'),
    },
    {
      name: 'preamble and epilogue',
      contentType: type('x'),
      body: `garbage before\r\n${field('name', 'a')}${file(fileField)}${end()}garbage after`,
    },
    { name: 'duplicate field names', contentType: type('x'), body: field('token', 'a') + field('token', 'b') + end() },
    { name: 'token then token[]', contentType: type('x'), body: field('token', 'a') + field('token[]', 'b') + end() },
    { name: 'duplicate file names', contentType: type('x'), body: file(fileField) + file(fileField) + end() },
    { name: 'two files', contentType: type('x'), body: file(fileField) + file('other') + end() },
    { name: '__proto__[] field', contentType: type('x'), body: field('__proto__[]', 'a') + end() },
    { name: '__proto__ field', contentType: type('x'), body: field('__proto__', 'a') + end() },
    { name: '__proto__ file', contentType: type('x'), body: file('__proto__') + end() },
    {
      name: 'constructor[prototype][polluted]',
      contentType: type('x'),
      body: field('constructor[prototype][polluted]', 'yes') + end(),
    },
    { name: 'constructor field', contentType: type('x'), body: field('constructor', 'a') + end() },
    {
      name: 'toString then hasOwnProperty',
      contentType: type('x'),
      body: field('toString', 'a') + field('hasOwnProperty', 'b') + end(),
    },
    { name: 'a[b][c]', contentType: type('x'), body: field('a[b][c]', 'a') + end() },
    {
      name: 'part without a name',
      contentType: type('x'),
      body: '--x\r\nContent-Disposition: form-data\r\n\r\nabc\r\n' + end(),
    },
    {
      name: 'part without Content-Disposition',
      contentType: type('x'),
      body: '--x\r\nContent-Type: text/plain\r\n\r\nabc\r\n' + end(),
    },
    {
      name: 'attachment disposition',
      contentType: type('x'),
      body: '--x\r\nContent-Disposition: attachment; name="a"\r\n\r\nabc\r\n' + end(),
    },
    {
      name: 'octet-stream part without filename',
      contentType: type('x'),
      body: `--x\r\nContent-Disposition: form-data; name="${fileField}"\r\nContent-Type: application/octet-stream\r\n\r\n%PDF-1.4\r\n${end()}`,
    },
    {
      name: 'file with a path filename',
      contentType: type('x'),
      body: file(fileField, '%PDF-1.4', 'x', '../../etc/passwd') + end(),
    },
    {
      name: 'NUL and unicode in a name',
      contentType: type('x'),
      body: field('a\u0000b', '1') + field('🙂', '2') + end(),
    },
    { name: '10,000-character name', contentType: type('x'), body: field('n'.repeat(10_000), '1') + end() },
    { name: '2 MB field value', contentType: type('x'), body: field('name', 'v'.repeat(2 * 1024 * 1024)) + end() },
    {
      name: '5,000 fields',
      contentType: type('x'),
      body: Array.from({ length: 5000 }, (_, i) => field(`f${i}`, 'v')).join('') + end(),
    },
    { name: '5,000 empty parts', contentType: type('x'), body: '--x\r\n\r\n\r\n'.repeat(5000) + end() },
    {
      name: '5,000 files',
      contentType: type('x'),
      body: Array.from({ length: 5000 }, (_, i) => file(`f${i}`, 'x')).join('') + end(),
    },
    {
      name: '3,000 header lines in a part',
      contentType: type('x'),
      body: `--x\r\n${'X-Fuzz: 1\r\n'.repeat(3000)}Content-Disposition: form-data; name="a"\r\n\r\nb\r\n${end()}`,
    },
    {
      name: 'nested multipart',
      contentType: type('x'),
      body: `--x\r\nContent-Disposition: form-data; name="a"\r\nContent-Type: multipart/mixed; boundary=y\r\n\r\n${field('b', 'c', 'y')}${end('y')}\r\n${end()}`,
    },
    {
      name: 'base64 transfer encoding',
      contentType: type('x'),
      body: `--x\r\nContent-Disposition: form-data; name="${fileField}"; filename="a.pdf"\r\nContent-Transfer-Encoding: base64\r\n\r\n%%%\r\n${end()}`,
    },
  ];
  return cases;
}
