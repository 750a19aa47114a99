import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREAS, routes, routeKey } from './index.js';
import { matchRoute } from './match.js';

/**
 * The route table of the specification. The team's spec lives beside the repository
 * (`../shared/spec`); a copy is kept in `docs/spec/` so a checkout anywhere can run this test, and
 * where both exist they must agree.
 */
const liveSpec = resolve(process.cwd(), '../shared/spec/endpoints.md');
const keptSpec = resolve(process.cwd(), 'docs/spec/endpoints.md');

function specRoutes(): string[] {
  const text = readFileSync(keptSpec, 'utf8');
  if (existsSync(liveSpec))
    expect(readFileSync(liveSpec, 'utf8'), 'docs/spec/endpoints.md differs from ../shared/spec: copy it again').toBe(
      text,
    );
  return [...text.matchAll(/^\|\s*\d+\s*\|\s*(GET|POST|PUT|PATCH|DELETE)\s*\|\s*(\S+)\s*\|/gm)].map(
    (m) => `${m[1]} ${m[2]}`,
  );
}

describe('the contract', () => {
  it('declares exactly the routes of endpoints.md, plus only those marked as beyond the spec', () => {
    const spec = specRoutes();
    expect(spec).toHaveLength(105);
    const declared = routes.filter((r) => !('beyondSpec' in r && r.beyondSpec)).map(routeKey);
    expect([...declared].sort()).toEqual([...spec].sort());
    for (const r of routes) if ('beyondSpec' in r && r.beyondSpec) expect(r.beyondSpec.length).toBeGreaterThan(10);
  });

  it('has unique ids and unique method+path pairs', () => {
    expect(new Set(routes.map((r) => r.id)).size).toBe(routes.length);
    expect(new Set(routes.map(routeKey)).size).toBe(routes.length);
  });

  it('binds every route to an area that has a Lambda entry', () => {
    for (const r of routes) {
      expect(AREAS).toContain(r.area);
      expect(existsSync(resolve(process.cwd(), `functions/${r.area}/handler.ts`)), r.area).toBe(true);
    }
  });

  it('names path parameters that its params schema validates', () => {
    for (const r of routes) {
      const names = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      if (names.length === 0) continue;
      expect('params' in r && r.params, `${r.id} needs a params schema`).toBeTruthy();
      const shape = (r as { params: { shape: Record<string, unknown> } }).params.shape;
      expect(Object.keys(shape).sort(), r.id).toEqual([...names].sort());
    }
  });

  it('keeps platform routes for the platform admin and public routes few and deliberate', () => {
    for (const r of routes.filter((x) => x.path.startsWith('/api/platform/'))) expect(r.access, r.id).toBe('platform');
    expect(
      routes
        .filter((r) => r.access === 'public')
        .map((r) => r.id)
        .sort(),
    ).toEqual(
      [
        'auth.completeSignup',
        'auth.login',
        'auth.logout',
        // A locked account's sign-in link: asked for by address, redeemed by its secret (R-AUTH-6).
        'auth.redeemSignInLink',
        'auth.requestSignInLink',
        // Needs a usable invitation token (docs/decisions/0024-words-and-states.md).
        'auth.signupSubdomain',
        'auth.validateSignupToken',
        'health.check',
        'health.openapi',
        'reports.mail.confirm',
        'reports.mail.unsubscribe',
        // A reminder's single-use cancel link (R-SET-7, docs/decisions/0233-reminder-cancel-links.md).
        'reservations.publicCancel',
        'reservations.publicCancelView',
        'services.publicBook',
        'services.publicGet',
        // The waitlist's share-link join and its secret offer and leave links (R-SVC-8, R-SVC-9).
        'services.waitlistJoin',
        'services.waitlistOffer',
        'services.waitlistAccept',
        'services.waitlistConfirm',
        'services.waitlistDecline',
        'services.waitlistLeave',
        // A calendar app polls its secret feed address without signing in (R-SET-8).
        'settings.calendarFeed',
        'users.completeSignup',
        // The owner of a new e-mail address confirms it from the mailed link (R-EMP-9).
        'users.confirmEmailChange',
        'users.setupDetails',
      ].sort(),
    );
  });

  it('matches literal segments before parameters, as API Gateway does', () => {
    expect(matchRoute('GET', '/api/inventory/items/stats/overview')?.route.id).toBe('inventory.statsOverview');
    expect(matchRoute('GET', '/api/reservations/integration/all')?.route.id).toBe('reservations.list');
    expect(matchRoute('GET', '/api/reservations/integration/abc')).toMatchObject({
      route: { id: 'reservations.get' },
      pathParameters: { id: 'abc' },
    });
    expect(matchRoute('DELETE', '/api/inventory/bulk/delete')?.route.id).toBe('inventory.bulkDelete');
    expect(matchRoute('GET', '/api/users/complete-signup')?.route.id).toBe('users.setupDetails');
    expect(matchRoute('GET', '/api/nothing')).toBeUndefined();
  });
});

describe('field names of R-AUTH-3', () => {
  it("the tenant list's metrics carry the spec's names (emailsMonth, databaseSize)", async () => {
    const { tenantMetricsResponse } = await import('./platform-models.js');
    const metrics = tenantMetricsResponse.shape.tenants.def.element.shape.metrics.shape;
    const spec = [
      'totalUsers',
      'activeUsersToday',
      'activeReservations',
      'totalItems',
      'emailsToday',
      'emailsMonth',
      'databaseSize',
      'errorRate',
      'healthScore',
      'issues',
      'healthIssues',
    ];
    expect(spec.filter((name) => !(name in metrics))).toEqual([]);
  });
});
