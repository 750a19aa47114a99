import type { BenchCase } from './types.js';

export const cases: BenchCase[] = [
  {
    name: 'authenticatedRead',
    description: 'GET /api/platform/invitations with the admin token (verify token → one query)',
    request: async ({ url, admin }) => ({ url: `${url}/api/platform/invitations`, method: 'GET', headers: { authorization: `Bearer ${admin.token}` } }),
  },
];
