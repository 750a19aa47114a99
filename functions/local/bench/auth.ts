import { json } from './helpers.js';
import type { BenchCase } from './types.js';

export const cases: BenchCase[] = [
  {
    name: 'login',
    description: 'POST /api/auth/login with the right password (password hashing dominates)',
    request: async ({ url, admin }) => ({
      url: `${url}/api/auth/login`,
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: admin.email, password: admin.password }),
    }),
  },
];
