import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteContract } from '../shared/contract/index.js';
import { createOrganization } from './auth/onboarding.js';
import { resetConfig } from './lib/config.js';
import { resetFiles } from './lib/files.js';
import { resetMail } from './lib/mail.js';
import { sessionFor, type TestSession } from './testing/fixtures.js';
import { casesFor, type FuzzCase } from './testing/fuzz.js';
import { multipartCatalogue } from './testing/fuzz-multipart.js';
import { call, useTestTable } from './testing/harness.js';
import { MALFORMED_JSON } from './lib/middlewares/validate.js';

/**
 * docs/decisions/0159-hardening-contract-fuzz-test.md: every contract route, walked with inputs derived from its own schemas plus the
 * hostile catalogue (functions/testing/fuzz.ts), through the real pipeline against DynamoDB Local.
 * No answer may be a 5xx, except 501 from a route whose area has no operation for it yet: that is
 * read from the handler's own answer to the baseline, never from a list here. Routes are taken from
 * the contract, so a route added today is fuzzed today; a built route whose fuzzing never gets past
 * validation fails as uncovered until it gets a seed in FUZZ_SEEDS.
 */

/** Valid requests for routes whose schemas the generator can't satisfy alone (refinements, JSON text). */
export const FUZZ_SEEDS: Partial<Record<string, Omit<FuzzCase, 'name'>>> = {
  'uploads.uploadServicePhoto': multipart({
    photo: { filename: 'a.png', type: 'image/png', content: 'not really a png' },
  }),
  'settings.updateHours': {
    body: {
      hours: [{ id: 'row-1', dayType: 'everyday', openTime: '09:00', closeTime: '17:00', isClosed: false }],
      specialHours: [],
    },
  },
  // The scope refinement (a service or item scope needs its target) is beyond the generator.
  'settings.createCalendarFeed': { body: { name: 'Fuzz feed', scope: 'all' } },
  'settings.createWebhook': { body: { url: 'https://hooks.example.com/fuzz', events: ['reservation-created'] } },
  // A well-formed confirmation token (R-EMP-9); the generator's strings do not match its pattern.
  'users.confirmEmailChange': { params: { token: 'A'.repeat(43) } },
  'users.uploadDocument': multipart({
    name: 'Contract',
    file: { filename: 'contract.pdf', type: 'application/pdf', content: '%PDF-1.4 fuzz' },
  }),
};

/** A multipart/form-data request as a browser sends it. */
function multipart(
  fields: Record<string, string | { filename: string; type: string; content: string }>,
): Omit<FuzzCase, 'name'> {
  const boundary = `----fuzz${randomUUID().replace(/-/g, '')}`;
  const parts = Object.entries(fields).map(([k, v]) =>
    typeof v === 'string'
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${k}"; filename="${v.filename}"\r\nContent-Type: ${v.type}\r\n\r\n${v.content}\r\n`,
  );
  return {
    rawBody: `${parts.join('')}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

let platform: TestSession;
let tenant: TestSession;
interface Outcome {
  route: RouteContract;
  statuses: Map<number, number>;
  failures: string[];
  built: boolean;
  passedValidation: boolean;
  cases: number;
}
const outcomes = new Map<string, Outcome>();

function url(r: RouteContract, c: FuzzCase): string | undefined {
  try {
    const path = r.path.replace(/\{(\w+)\}/g, (_m, n: string) => encodeURIComponent(c.params?.[n] ?? 'x'));
    const qs = c.query ? new URLSearchParams(c.query).toString() : '';
    return qs ? `${path}?${qs}` : path;
  } catch {
    return undefined; // a lone surrogate can't be percent-encoded: no client can send it in a URL
  }
}

beforeAll(async () => {
  await useTestTable();
  // Mail and files go nowhere fast (a refused port): the walk is about answers, not deliveries.
  Object.assign(process.env, {
    SES_ENDPOINT: 'http://127.0.0.1:9',
    S3_ENDPOINT: 'http://127.0.0.1:9',
    UPLOADS_BUCKET: 'uploads',
  });
  resetConfig();
  resetMail();
  resetFiles();
  const { organization, owner } = await createOrganization({
    name: `Fuzz ${randomUUID().slice(0, 8)}`,
    phone: '+1 555 123 4567',
    owner: {
      email: `owner-${randomUUID()}@fuzz.test`,
      firstName: 'Fuzz',
      lastName: 'Owner',
      password: 'fuzz-password-1',
    },
  });
  platform = await sessionFor({ role: 'SUPER_ADMIN' });
  tenant = await sessionFor({ tenant: organization.id, userId: owner.id, role: 'BUSINESS_ADMIN' });
}, 60_000);

/** The answer came from the operation, not from the pipeline's checks (schemas, JSON, media type). */
function reachedOperation(r: RouteContract, status: number, code: unknown, message: unknown): boolean {
  if (status < 300 || [404, 409, 410, 422].includes(status)) return true;
  if (r.access === 'public' && (status === 401 || status === 429)) return true; // sign-in refused, rate limited
  return status === 400 && code !== 'ValidationError' && message !== MALFORMED_JSON;
}

async function walk(r: RouteContract): Promise<Outcome> {
  const token = r.access === 'platform' ? platform.token : r.access === 'user' ? tenant.token : undefined;
  const seed = FUZZ_SEEDS[r.id];
  const cases = casesFor(r);
  if (seed)
    cases.unshift({
      ...seed,
      name: 'seed',
      params: seed.params ?? cases[0]!.params,
      query: seed.query ?? cases[0]!.query,
    });
  const o: Outcome = { route: r, statuses: new Map(), failures: [], built: true, passedValidation: false, cases: 0 };
  const send = async (c: FuzzCase) => {
    const u = url(r, c);
    if (!u) return undefined;
    const headers = c.headers ?? (c.rawBody !== undefined ? { 'content-type': 'application/json' } : undefined);
    const res = await call(r.method, u, { token, body: c.body ?? undefined, rawBody: c.rawBody, headers });
    o.cases++;
    o.statuses.set(res.status, (o.statuses.get(res.status) ?? 0) + 1);
    // a seed is a request its area accepts as well-formed: any answer short of a schema refusal counts
    if (
      c.name === 'seed' &&
      res.status < 500 &&
      res.body?.error !== 'ValidationError' &&
      ![401, 403, 415].includes(res.status)
    )
      o.passedValidation = true;
    // reached the operation: it answered, or refused what it looked up (unknown id, conflict)
    if (reachedOperation(r, res.status, res.body?.error, res.body?.message)) o.passedValidation = true;
    return res;
  };
  // The baseline tells whether the area has an operation for this route (501 before validation if not).
  const first = await send(cases[0]!);
  if (first?.status === 501) o.built = false;
  const rest = cases.slice(1);
  for (let i = 0; i < rest.length; i += 8) {
    await Promise.all(
      rest.slice(i, i + 8).map(async (c) => {
        const res = await send(c);
        if (!res) return;
        const bad = res.status >= 500 && !(res.status === 501 && !o.built);
        if (bad) o.failures.push(`${c.name} → ${res.status} ${res.raw.slice(0, 160)}`);
        if (o.built && res.status === 501) o.failures.push(`${c.name} → 501 from a built route`);
      }),
    );
  }
  if (first && first.status >= 500 && first.status !== 501)
    o.failures.unshift(`${cases[0]!.name} → ${first.status} ${first.raw.slice(0, 160)}`);
  return o;
}

describe('contract fuzz', () => {
  it.each(routes.map((r) => [r.id, r] as const))('%s: no 5xx on hostile input', async (id, r) => {
    const o = await walk(r);
    outcomes.set(id, o);
    expect(o.failures, `${id} (${o.cases} cases)`).toEqual([]);
    expect(o.cases).toBeGreaterThan(5);
  });

  it('covers every route: each built one is reached past validation at least once', () => {
    expect([...outcomes.keys()].sort()).toEqual(routes.map((r) => r.id).sort());
    const uncovered = [...outcomes.values()].filter((o) => o.built && !o.passedValidation).map((o) => o.route.id);
    expect(uncovered.join(', '), 'add a valid request for these routes to FUZZ_SEEDS').toBe('');
  });
});

/**
 * docs/decisions/0005-multipart-and-availability.md: multipart bodies (functions/testing/fuzz-multipart.ts, multipartCatalogue) against every
 * multipart route and every public route. Each answer is a JSON answer below 500, given in time, and
 * after each one the service still answers and nothing escaped as an uncaught error (on Lambda and
 * in the local runtime, an uncaught error ends the process).
 */
describe('multipart fuzz', () => {
  const escaped: unknown[] = [];
  const record = (e: unknown) => escaped.push(e);
  beforeAll(() => {
    process.on('uncaughtException', record);
    process.on('unhandledRejection', record);
  });
  afterAll(() => {
    process.off('uncaughtException', record);
    process.off('unhandledRejection', record);
  });

  const targets = (routes as readonly RouteContract[]).filter((r) => r.kind === 'multipart' || r.access === 'public');
  it.each(targets.map((r) => [r.id, r] as const))(
    '%s: every hostile form gets a 4xx (or its own answer) and the service keeps answering',
    async (id, r) => {
      const token = r.access === 'platform' ? platform.token : r.access === 'user' ? tenant.token : undefined;
      const seed = FUZZ_SEEDS[id];
      const fileField = /name="([^"]+)"; filename=/.exec(seed?.rawBody ?? '')?.[1] ?? 'file';
      const base = casesFor(r)[0]!;
      const u = url(r, { ...base, ...(seed ?? {}), name: 'seed' })!;
      const failures: string[] = [];
      for (const c of multipartCatalogue(fileField)) {
        const answer = call(r.method, u, { token, rawBody: c.body, headers: { 'content-type': c.contentType } });
        const res = await Promise.race([
          answer,
          new Promise<'no answer'>((done) => setTimeout(() => done('no answer'), 10_000).unref()),
        ]);
        await new Promise((done) => setImmediate(done)); // errors a parser emits after answering surface here
        if (res === 'no answer') failures.push(`${c.name} → no answer within 10 s`);
        else {
          if (res.status >= 500) failures.push(`${c.name} → ${res.status} ${res.raw.slice(0, 160)}`);
          if (res.status >= 400 && (typeof res.body?.error !== 'string' || typeof res.body?.message !== 'string'))
            failures.push(`${c.name} → ${res.status} without {error, message}: ${res.raw.slice(0, 160)}`);
          if (r.kind !== 'multipart' && r.body !== undefined && c.body !== '' && res.status !== 415)
            failures.push(`${c.name} → ${res.status}: a form on a JSON route is a 415, unparsed`);
        }
        if (escaped.length) failures.push(`${c.name} → uncaught: ${String(escaped.splice(0)[0])}`);
        const health = await call('GET', '/api/health');
        if (health.status !== 200) failures.push(`${c.name} → the service stopped answering (health ${health.status})`);
        if (Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted'))
          failures.push(`${c.name} → Object.prototype polluted`);
      }
      expect(failures, id).toEqual([]);
    },
  );
});
