import { randomUUID } from 'node:crypto';
import { z } from 'zod';

/**
 * The fuzz test's view of a route's zod schemas (docs/decisions/0159-hardening-contract-fuzz-test.md): their
 * JSON Schema (input side) and a best-effort valid sample of it, the baseline the hostile cases of
 * fuzz.ts start from.
 */
export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
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

/** True when the schema may take an object or an array (or is unknown). */
export function acceptsStructure(js: JsonSchema | undefined): boolean {
  if (!js || (!js.type && !js.anyOf && !js.oneOf && !js.allOf && js.const === undefined && !js.enum)) return true;
  const types = Array.isArray(js.type) ? js.type : js.type ? [js.type] : [];
  if (types.includes('object') || types.includes('array')) return true;
  return [...(js.anyOf ?? []), ...(js.oneOf ?? []), ...(js.allOf ?? [])].some(acceptsStructure);
}
