import { randomUUID } from 'node:crypto';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import * as fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from './auth/onboarding.js';
import { resetConfig } from './lib/config.js';
import { resetFiles } from './lib/files.js';
import { resetMail } from './lib/mail.js';
import { sessionFor, type TestSession } from './testing/fixtures.js';
import { call, type CallResult } from './testing/harness.js';
import { useTestTable } from './testing/harness.js';
import { arbitraryOf, mutationsOf, seedOf, type Json, type Schema } from './testing/openapi-cases.js';

/**
 * docs/decisions/0239-openapi-a-document-a-client-can-trust.md: requests generated from GET /api/openapi.json
 * itself, sent through the real pipeline against DynamoDB Local. A request the document calls valid
 * is accepted, or refused with a status the operation lists and a business reason (never a schema
 * refusal, ValidationError); a request the document calls invalid (one rule broken, checked with ajv
 * against the document) is refused with 400; every answer matches its documented schema and media
 * type. Seeded (OPENAPI_SEED), a bounded number of cases per operation.
 */
const SEED = Number(process.env.OPENAPI_SEED ?? 20261128);
const VALID_PER_OPERATION = 4;
const INVALID_PER_OPERATION = 6;

/**
 * Refinements JSON Schema cannot state (cross-field rules, facts a runtime knows): a generated
 * request may break them, and the document says them in words only. A ValidationError whose every
 * message is one of these is a business refusal, not a mismatch. Keep this list short and named.
 */
const UNSAYABLE = [
  /Passwords do not match/, // confirmPassword equals password
  /time zone|Unknown time zone/i, // an IANA zone this runtime knows
  /must be after|must be before|end.*after.*start|start.*before.*end/i, // one field against another
  /in steps of 0\.01/, // two decimals (generated numbers already respect it)
];

type Op = {
  method: string;
  path: string;
  id: string;
  op: {
    operationId: string;
    security: Record<string, string[]>[];
    parameters: { name: string; in: string; required: boolean; schema: Schema }[];
    requestBody?: { required: boolean; content: Record<string, { schema: Schema }> };
    responses: Record<string, { $ref?: string; content?: Record<string, { schema: Schema }> }>;
    'x-access': string;
  };
};

let doc: { paths: Record<string, Record<string, Op['op']>>; components: { schemas: Record<string, Schema> } };
let platform: TestSession;
let tenant: TestSession;
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
const ajvQuery = new Ajv2020({ strict: false, validateFormats: false, coerceTypes: true });
const compiled = new Map<string, ValidateFunction>();
function validator(schema: Schema, coerce = false): ValidateFunction {
  const key = `${coerce}:${JSON.stringify(schema)}`;
  let v = compiled.get(key);
  if (!v) {
    const withComponents = { ...schema, $defs: { ...(schema.$defs ?? {}), ...doc.components.schemas } };
    v = (coerce ? ajvQuery : ajv).compile(
      JSON.parse(JSON.stringify(withComponents).replaceAll('#/components/schemas/', '#/$defs/')),
    );
    compiled.set(key, v);
  }
  return v;
}

beforeAll(async () => {
  await useTestTable();
  Object.assign(process.env, { SES_ENDPOINT: 'http://127.0.0.1:9', S3_ENDPOINT: 'http://127.0.0.1:9' });
  process.env.UPLOADS_BUCKET = 'uploads';
  resetConfig();
  resetMail();
  resetFiles();
  const { organization, owner } = await createOrganization({
    name: `OpenAPI ${randomUUID().slice(0, 8)}`,
    phone: '+1 555 123 4567',
    owner: {
      email: `owner-${randomUUID()}@openapi.test`,
      firstName: 'Open',
      lastName: 'Api',
      password: 'openapi-pass-1',
    },
  });
  platform = await sessionFor({ role: 'SUPER_ADMIN' });
  tenant = await sessionFor({ tenant: organization.id, userId: owner.id, role: 'BUSINESS_ADMIN' });
  const res = await call('GET', '/api/openapi.json');
  doc = res.body;
}, 60_000);

interface Request {
  name: string;
  params: Record<string, string>;
  query: Record<string, string>;
  body?: Json;
}

const asText = (v: Json): string => (typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v));

function tokenFor(o: Op): string | undefined {
  if (o.op['x-access'] === 'platform') return platform.token;
  if (o.op['x-access'] === 'user') return tenant.token;
  return undefined;
}

async function send(o: Op, r: Request): Promise<CallResult | undefined> {
  let path: string;
  try {
    path = o.path.replace(/\{(\w+)\}/g, (_m, n: string) => encodeURIComponent(r.params[n] ?? 'x'));
  } catch {
    return undefined; // not a URL any client can send
  }
  const qs = new URLSearchParams(r.query).toString();
  return call(o.method.toUpperCase(), qs ? `${path}?${qs}` : path, { token: tokenFor(o), body: r.body });
}

/** Valid requests: each parameter and the JSON body drawn from its documented schema. */
function validRequests(o: Op): Request[] {
  const parts = o.op.parameters.filter((p) => p.in !== 'header');
  const body = o.op.requestBody?.content['application/json']?.schema;
  const arb = fc.record({
    params: fc.record(
      Object.fromEntries(parts.filter((p) => p.in === 'path').map((p) => [p.name, arbitraryOf(p.schema)])),
    ),
    query: fc.record(
      Object.fromEntries(parts.filter((p) => p.in === 'query').map((p) => [p.name, arbitraryOf(p.schema)])),
      { requiredKeys: parts.filter((p) => p.in === 'query' && p.required).map((p) => p.name) },
    ),
    body: body ? arbitraryOf(body) : fc.constant(undefined),
  });
  // Drawn generously, then kept only where ajv agrees the document calls it valid (conditionals,
  // patterns and bounds the translation to fast-check may not honour alone).
  const requests = fc
    .sample(arb, { seed: seedOf(SEED, o.id), numRuns: VALID_PER_OPERATION * 5 })
    .map((x) => ({
      params: Object.fromEntries(Object.entries(x.params).map(([k, v]) => [k, asText(v as Json)])),
      query: Object.fromEntries(Object.entries(x.query).map(([k, v]) => [k, asText(v as Json)])),
      body: x.body as Json | undefined,
    }))
    .filter(
      (r) =>
        (!body || validator(body)(r.body)) &&
        parts.every(
          (p) =>
            !(p.name in r[p.in === 'path' ? 'params' : 'query']) ||
            validator(p.schema, true)((p.in === 'path' ? r.params : r.query)[p.name]),
        ),
    );
  return requests.slice(0, VALID_PER_OPERATION).map((r, i) => ({ ...r, name: `valid #${i}` }));
}

/** Invalid requests: one valid request with one documented rule broken, confirmed invalid by ajv. */
function invalidRequests(o: Op, base: Request): Request[] {
  const out: Request[] = [];
  const bodySchema = o.op.requestBody?.content['application/json']?.schema;
  for (const p of o.op.parameters.filter((x) => x.in === 'query')) {
    if (p.required) out.push({ ...base, name: `query ${p.name} missing`, query: omit(base.query, p.name) });
    for (const m of mutationsOf(p.schema, base.query[p.name] ?? '')) {
      if (m.value === undefined || typeof m.value === 'object') continue;
      const text = asText(m.value);
      if (validator(p.schema, true)(text)) continue; // a URL carries text: "12345" is a valid string
      out.push({ ...base, name: `query ${p.name}: ${m.rule}`, query: { ...base.query, [p.name]: text } });
    }
  }
  if (bodySchema) {
    if (o.op.requestBody?.required) out.push({ ...base, name: 'body missing', body: undefined });
    for (const m of mutationsOf(bodySchema, base.body ?? {})) {
      if (m.value === undefined || validator(bodySchema)(m.value)) continue;
      out.push({ ...base, name: `body${m.rule}`, body: m.value });
    }
  }
  // Spread the budget over the kinds of break (seeded shuffle), the same each run.
  const n = Math.min(out.length, INVALID_PER_OPERATION);
  return fc.sample(fc.shuffledSubarray(out, { minLength: n, maxLength: n }), {
    seed: seedOf(SEED + 1, o.id),
    numRuns: 1,
  })[0]!;
}

const omit = (q: Record<string, string>, k: string) => Object.fromEntries(Object.entries(q).filter(([n]) => n !== k));

/** What is wrong with an answer, or '' when it matches the document. */
function checkAnswer(o: Op, res: CallResult, valid: boolean): string {
  const status = String(res.status);
  const ct = res.headers['content-type'] ?? res.headers['Content-Type'] ?? '';
  if (res.status >= 500) return res.status === 501 ? '' : `${status} ${res.raw.slice(0, 200)}`;
  if (res.status < 300) {
    const [type, media] = Object.entries(o.op.responses['2XX']!.content ?? {})[0]!;
    if (!ct.startsWith(type)) return `2xx served as ${ct}, documented ${type}`;
    if (type === 'application/json' && !validator(media.schema)(res.body))
      return `2xx body off its schema: ${ajv.errorsText(validator(media.schema).errors)}`;
    return '';
  }
  if (!o.op.responses[status]) return `${status} not documented (${res.raw.slice(0, 160)})`;
  if (!ct.startsWith('application/json') || !validator({ $ref: '#/components/schemas/Error' })(res.body))
    return `${status} body is not the Error schema: ${res.raw.slice(0, 160)}`;
  const refusal = res.body as { error: string; details?: { msg: string; path: string }[] };
  if (valid && res.status === 400 && refusal.error === 'ValidationError') {
    const msgs = refusal.details ?? [];
    if (!msgs.length || !msgs.every((d) => UNSAYABLE.some((re) => re.test(d.msg))))
      return `a valid request refused by schema: ${JSON.stringify(msgs).slice(0, 300)}`;
  }
  if (!valid && res.status !== 400) return `an invalid request answered ${status}, not 400`;
  return '';
}

const operations = (): Op[] =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method, path, id: op.operationId, op })),
  );

describe('the OpenAPI document against the running API', () => {
  it('generated valid and invalid requests get the answers the document promises', async () => {
    const problems: string[] = [];
    const skipped = new Set(['events.stream']); // a long-lived stream: its answer is not one body
    let sent = 0;
    const tally = new Map<string, number>();
    const count = (kind: string, status: number) =>
      tally.set(`${kind} ${status}`, (tally.get(`${kind} ${status}`) ?? 0) + 1);
    for (const o of operations()) {
      if (skipped.has(o.id) || o.op.requestBody?.content['multipart/form-data']) continue;
      const valids = validRequests(o);
      if (!valids.length) {
        problems.push(`${o.id}: no generated request is valid by the document (generator gap)`);
        continue;
      }
      for (const r of valids) {
        const res = await send(o, r);
        if (!res) continue;
        sent++;
        count('valid', res.status);
        if (res.status === 400) count(`valid ${o.id} ${res.body?.error}: ${res.body?.message}`.slice(0, 160), 400);
        const wrong = checkAnswer(o, res, true);
        if (wrong)
          problems.push(`${o.id} ${r.name} ${JSON.stringify({ q: r.query, p: r.params }).slice(0, 200)}: ${wrong}`);
        if (res.status === 501) break; // not built yet: the pipeline refuses before validation
      }
      // an unknown query parameter is ignored (info.description): the first valid request with one more
      const first = valids[0]!;
      const extra = await send(o, { ...first, query: { ...first.query, zzUnlisted: '1' } });
      if (JSON.stringify(extra?.body?.details ?? []).includes('zzUnlisted'))
        problems.push(`${o.id}: an unlisted query parameter was refused`);
      for (const r of invalidRequests(o, first)) {
        const res = await send(o, r);
        if (!res) continue;
        sent++;
        count('invalid', res.status);
        if (res.status === 501 || (res.status === 403 && o.op['x-access'] !== 'public')) continue; // refused before validation
        const wrong = checkAnswer(o, res, false);
        if (wrong) problems.push(`${o.id} ${r.name}: ${wrong}`);
      }
    }
    if (process.env.OPENAPI_REPORT)
      (await import('node:fs')).writeFileSync(
        process.env.OPENAPI_REPORT,
        [...problems, ...[...tally].sort().map(([k, n]) => `${k}: ${n}`)].join('\n'),
      );
    expect(sent).toBeGreaterThan(500);
    expect(problems).toEqual([]);
  }, 600_000);
});
