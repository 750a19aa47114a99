import { describe, expect, it } from 'vitest';
import { claims, request } from '../../testing/middleware.js';
import { tenantContext } from './tenant-context.js';

describe('tenantContext', () => {
  it("on a tenant route the tenant is the token's organization", () => {
    const { req, state } = request('reservations.list', { auth: claims({ tenantId: 'org-a' }) });
    tenantContext().before!(req);
    expect(state.tenant).toBe('org-a');
  });

  it('a token without an organization (the platform admin) is refused on a tenant route with 403', () => {
    const { req, state } = request('reservations.list', { auth: claims({ role: 'SUPER_ADMIN', tenantId: null }) });
    expect(() => tenantContext().before!(req)).toThrow(expect.objectContaining({ statusCode: 403 }));
    expect(state.tenant).toBeNull();
  });

  it('public and platform routes get no tenant from the token', () => {
    for (const id of ['health.check', 'platform.createInvitation']) {
      const { req, state } = request(id, { auth: claims({ tenantId: 'org-a' }) });
      tenantContext().before!(req);
      expect(state.tenant).toBeNull();
    }
  });
});
