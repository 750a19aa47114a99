import { describe, expect, inject, it } from 'vitest';
import { OTHER_TENANT_ERROR, OTHER_TENANT_MESSAGE } from '../../shared/domain/tenant-host.js';
import { apiJson, browserForFile, createTenant } from './browser.js';

const baseUrl = inject('e2eBaseUrl');
const port = inject('e2ePort');
const admin = inject('e2eAdmin');
const { newPage } = browserForFile({ timeout: 15_000 });

interface Login {
  token: string;
  user: { organization: { name: string; subdomain: string } | null } & Record<string, unknown>;
}

// docs/decisions/0007-one-tenant-per-host.md: Alpha's sign-in link pointed at Bravo's address does not sign the browser
// into Alpha there — neither with Alpha's own user object nor with one rewritten to say "Bravo".
describe('one tenant per host', () => {
  it("a link with Alpha's token on Bravo's host shows Bravo's sign-in page with the reason; the API refuses the token there", async () => {
    const [alpha, bravo] = await Promise.all([
      createTenant(baseUrl, port, admin, 'Alpha Carts'),
      createTenant(baseUrl, port, admin, 'Bravo Carts'),
    ]);
    const login = await apiJson<Login>(baseUrl, '/api/auth/login', {
      method: 'POST',
      body: { username: alpha.owner.email, password: alpha.owner.password },
    });
    const link = (user: unknown, path = '/dashboard') =>
      `${bravo.origin}${path}?auth=true&token=${encodeURIComponent(login.token)}&user=${encodeURIComponent(JSON.stringify(user))}`;

    // Alpha's own user object: the SPA sees that the session is not Bravo's and keeps nothing.
    const page = await newPage();
    await page.goto(link(login.user));
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByText(OTHER_TENANT_MESSAGE).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // A user object rewritten to claim Bravo: only the API can tell, and its first answer ends the session.
    const liar = {
      ...login.user,
      organization: { ...login.user.organization, name: 'Bravo Carts', subdomain: bravo.subdomain },
    };
    const second = await newPage();
    await second.goto(link(liar, '/customers'));
    await second.getByRole('heading', { name: 'Sign in' }).waitFor();
    await second.getByText(OTHER_TENANT_MESSAGE).first().waitFor();
    expect(await second.evaluate(() => localStorage.getItem('token'))).toBeNull();

    // The API itself, called from each host's page with Alpha's token.
    const callFrom = async (origin: string) => {
      const p = await newPage();
      await p.goto(`${origin}/login`);
      return p.evaluate(async (token) => {
        const res = await fetch('/api/customers', { headers: { authorization: `Bearer ${token}` } });
        return { status: res.status, body: (await res.json()) as unknown };
      }, login.token);
    };
    expect(await callFrom(bravo.origin)).toEqual({
      status: 401,
      body: { error: OTHER_TENANT_ERROR, message: OTHER_TENANT_MESSAGE },
    });
    expect((await callFrom(alpha.origin)).status).toBe(200);

    // Alpha's own link still signs in on Alpha's host.
    const own = await newPage();
    await own.goto(alpha.loginUrl);
    await own.waitForURL(`${alpha.origin}/dashboard`);
    await own.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });
});
