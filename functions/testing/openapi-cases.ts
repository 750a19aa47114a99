import * as fc from 'fast-check';

/**
 * Requests generated from the OpenAPI document itself (docs/decisions/0239-openapi-a-document-a-client-can-trust.md):
 * a small JSON Schema → fast-check translation for the keywords zod's `z.toJSONSchema` writes, and
 * mutations that make a valid request invalid by one rule the document states. Seeded: the same
 * seed gives the same requests. Used by functions/openapi-property.int.test.ts.
 */
export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type Schema = Record<string, any>;

/** Text that survives trimming and is clean for every text rule (no whitespace at the ends, no NUL). */
const WORD = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 _.-]{0,10}[A-Za-z0-9]$/);
const EMAILS = ['ada@example.com', 'grace.hopper@example.org', 'x1@test.example'];
const SAMPLES = ['', '+1 555 123 4567', '(555) 123-4567', '5551234567', 'abc', '2030-06-01', '12:30'];

const clampLength = (s: string, min = 0, max = Number.POSITIVE_INFINITY) =>
  s.length >= min && s.length <= max ? s : (s + 'a'.repeat(min)).slice(0, Math.max(min, Math.min(max, s.length)));

function realDay(): fc.Arbitrary<string> {
  return fc
    .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
}

function stringArb(s: Schema): fc.Arbitrary<string> {
  const min = (s.minLength as number | undefined) ?? 0;
  const max = (s.maxLength as number | undefined) ?? Number.POSITIVE_INFINITY;
  if (s.format === 'date') return realDay();
  if (s.format === 'date-time') return realDay().map((d) => `${d}T10:00:00.000Z`);
  if (s.format === 'email') return fc.constantFrom(...EMAILS.filter((e) => e.length <= max));
  if (s.format === 'uuid') return fc.uuid();
  if (s.format === 'uri' || s.format === 'url')
    return fc.constantFrom('https://example.com/a', 'https://example.org/b');
  if (typeof s.pattern === 'string') {
    let re: RegExp;
    try {
      re = new RegExp(s.pattern);
    } catch {
      return fc.constant('a'.repeat(Math.max(min, 1)));
    }
    const fits = (v: string) => v.length >= min && v.length <= max && v.trim() === v && !v.includes('\u0000');
    try {
      return fc.stringMatching(re, { size: 'xsmall' }).filter(fits);
    } catch {
      // A pattern fast-check cannot walk (a lookahead): the known samples it accepts.
      const known = SAMPLES.filter((v) => re.test(v) && fits(v));
      return known.length ? fc.constantFrom(...known) : fc.constant('a');
    }
  }
  if (min === 0 && max === 0) return fc.constant('');
  return WORD.map((w) => clampLength(w, Math.max(min, 1), max));
}

function numberArb(s: Schema, integer: boolean): fc.Arbitrary<number> {
  const lo = Math.max(
    (s.minimum as number | undefined) ?? -1000,
    s.exclusiveMinimum !== undefined ? (s.exclusiveMinimum as number) + (integer ? 1 : 0.01) : -1_000_000,
    -1_000_000,
  );
  const hi = Math.min(
    (s.maximum as number | undefined) ?? 1000,
    s.exclusiveMaximum !== undefined ? (s.exclusiveMaximum as number) - (integer ? 1 : 0.01) : 1_000_000,
    1_000_000,
  );
  if (integer || s.multipleOf === 1) return fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) });
  // Money has at most two decimals: whole cents keep every number field honest.
  return fc.integer({ min: Math.ceil(lo * 100), max: Math.floor(hi * 100) }).map((c) => c / 100);
}

/** Two schemas that both hold, as one (properties merged key by key, the second winning). */
function merge(a: Schema, b: Schema): Schema {
  const out: Schema = { ...a, ...b };
  if (a.properties || b.properties) {
    out.properties = { ...(a.properties ?? {}) };
    for (const [k, v] of Object.entries((b.properties ?? {}) as Record<string, Schema>))
      out.properties[k] = out.properties[k] && typeof v === 'object' ? merge(out.properties[k], v) : v;
  }
  if (a.required || b.required) out.required = [...new Set([...(a.required ?? []), ...(b.required ?? [])])];
  return out;
}

/** A value the schema accepts (as far as JSON Schema can say); the caller validates what it draws. */
export function arbitraryOf(s: Schema | boolean | undefined, depth = 0): fc.Arbitrary<Json> {
  if (s === undefined || s === true || (typeof s === 'object' && Object.keys(s).length === 0))
    return fc.constantFrom<Json>('x', 1, true);
  if (s === false) return fc.constant(null);
  if ('const' in s) return fc.constant(s.const as Json);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as Json[]));
  const alternatives = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (alternatives?.length) {
    // An alternative holds together with its siblings (`{type: 'string', anyOf: [{const: ''}, {format: 'email'}]}`).
    const { anyOf: _a, oneOf: _o, ...siblings } = s;
    return fc.oneof(...alternatives.map((a) => arbitraryOf(merge(siblings, a), depth)));
  }
  if (s.if && typeof s.if === 'object') {
    // Draw the two branches: the condition with `then`, and `else` (the caller's validation drops misses).
    const { if: cond, then, else: otherwise, ...rest } = s;
    return fc.oneof(
      arbitraryOf(merge(merge(rest, cond as Schema), (then ?? {}) as Schema), depth),
      arbitraryOf(merge(rest, (otherwise ?? {}) as Schema), depth),
    );
  }
  if (Array.isArray(s.allOf)) {
    // Conditionals (if/then) are left to the caller's validation of what is drawn; other parts merge.
    const { allOf, ...rest } = s;
    return arbitraryOf((allOf as Schema[]).filter((x) => !('if' in x)).reduce(merge, rest), depth);
  }
  if (Array.isArray(s.type)) return fc.oneof(...(s.type as string[]).map((t) => arbitraryOf({ ...s, type: t }, depth)));
  switch (s.type) {
    case 'string':
      return stringArb(s);
    case 'integer':
      return numberArb(s, true);
    case 'number':
      return numberArb(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minItems = (s.minItems as number | undefined) ?? 0;
      const maxItems = Math.min((s.maxItems as number | undefined) ?? 3, minItems + 3, depth > 3 ? minItems : 99);
      const items = arbitraryOf(s.items as Schema | undefined, depth + 1);
      return fc.array(items, { minLength: minItems, maxLength: Math.max(minItems, maxItems) }) as fc.Arbitrary<Json>;
    }
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, Schema>;
      const required = (s.required ?? []) as string[];
      const keys = Object.keys(props).filter((k) => required.includes(k) || depth < 4);
      const record = fc.record(Object.fromEntries(keys.map((k) => [k, arbitraryOf(props[k], depth + 1)])), {
        requiredKeys: keys.filter((k) => required.includes(k)),
      });
      if (!keys.length && s.additionalProperties && typeof s.additionalProperties === 'object')
        return fc.dictionary(fc.constantFrom('a', 'b'), arbitraryOf(s.additionalProperties, depth + 1), {
          maxKeys: 2,
        }) as fc.Arbitrary<Json>;
      return record as fc.Arbitrary<Json>;
    }
    default:
      return fc.constantFrom<Json>('x', 1);
  }
}

/** One invalid variant of a value: the rule it breaks and the value breaking it. */
interface Mutation {
  rule: string;
  value: Json | undefined;
}

/**
 * Ways to make `value` (valid for `s`) invalid by one rule of `s`: a required property dropped, a
 * wrong type, a string too long or off its pattern or enum, a number out of range, a refused key.
 * The caller checks each result really is invalid (an ajv validation of the document) before use.
 */
export function mutationsOf(s: Schema, value: Json, path = ''): Mutation[] {
  const out: Mutation[] = [];
  if (!s || typeof s !== 'object') return out;
  const here = path || '(root)';
  if (s.type === 'object' && value && typeof value === 'object' && !Array.isArray(value)) {
    for (const k of (s.required ?? []) as string[]) {
      const { [k]: _dropped, ...rest } = value;
      out.push({ rule: `${path}.${k} missing`, value: rest });
    }
    out.push({ rule: `${here} with a __proto__ key`, value: JSON.parse(`{"__proto__":{"x":1},"a":1}`) });
    out.push({ rule: `${here} with an empty key`, value: { ...value, '': 1 } });
    for (const [k, sub] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) {
      if (!(k in value)) continue;
      for (const m of mutationsOf(sub, value[k]!, `${path}.${k}`))
        out.push({ rule: m.rule, value: { ...value, [k]: m.value as Json } });
    }
    return out;
  }
  if (s.anyOf || s.oneOf) return [{ rule: `${here} of no listed type`, value: { unexpected: [1, 2] } }];
  if (Array.isArray(s.enum)) out.push({ rule: `${here} not in enum`, value: 'not-a-listed-value' });
  switch (s.type) {
    case 'string':
      out.push({ rule: `${here} not a string`, value: 12345 });
      if (typeof s.maxLength === 'number' && s.maxLength < 100_000)
        out.push({ rule: `${here} over maxLength`, value: 'a'.repeat(s.maxLength + 1) });
      if (typeof s.minLength === 'number' && s.minLength > 0)
        out.push({ rule: `${here} under minLength`, value: 'a'.repeat(s.minLength - 1) });
      if (typeof s.pattern === 'string') out.push({ rule: `${here} off pattern`, value: '~~not~~matching~~' });
      break;
    case 'integer':
    case 'number':
      out.push({ rule: `${here} not a number`, value: 'abc' });
      if (typeof s.maximum === 'number' && s.maximum < 1e15)
        out.push({ rule: `${here} over maximum`, value: s.maximum + 1 });
      if (typeof s.minimum === 'number' && s.minimum > -1e15)
        out.push({ rule: `${here} under minimum`, value: s.minimum - 1 });
      if (s.type === 'integer') out.push({ rule: `${here} not an integer`, value: 1.5 });
      break;
    case 'boolean':
      out.push({ rule: `${here} not a boolean`, value: 'yes-no' });
      break;
    case 'array':
      out.push({ rule: `${here} not an array`, value: 'abc' });
      if (typeof s.maxItems === 'number' && s.maxItems < 2000 && Array.isArray(value) && value.length)
        out.push({ rule: `${here} over maxItems`, value: Array(s.maxItems + 1).fill(value[0]) });
      break;
  }
  return out;
}

/** A stable 32-bit seed per operation, so adding a route does not change the others' requests. */
export function seedOf(base: number, id: string): number {
  let h = base | 0;
  for (let i = 0; i < id.length; i++) h = (Math.imul(h, 31) + id.charCodeAt(i)) | 0;
  return h;
}
