import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { useTestTable } from '../testing/harness.js';
import { createApiAdapter } from './http-adapter.js';

// docs/decisions/0156-hardening-hostile-input.md: bad percent-encoding in a path answers 400 or 404, never 405.
let server: Server;
let base = '';

beforeAll(async () => {
  await useTestTable();
  const api = createApiAdapter({ root: fileURLToPath(new URL('../../', import.meta.url)), onError: () => undefined });
  server = createServer((req, res) => void api(req, res, new URL(req.url ?? '/', 'http://localhost')));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
});

describe('percent-encoding in the path', () => {
  it.each(['/public/service/%E0%A4%A', '/public/service/%zz', '/api/inventory/items/%', '/api/users/%C0%AF'])(
    '%s answers 400 or 404',
    async (path) => {
      const res = await fetch(`${base}${path}`);
      expect([400, 404]).toContain(res.status);
      expect((await res.json()).error).toBeDefined();
    },
  );
});
