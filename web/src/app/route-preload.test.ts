import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, buildPath } from '../api/client.js';
import { prefetch, routeDataUrl, routeFiles, takePrefetched } from './route-preload.js';

const table = {
  '/': ['/assets/LandingPage-1.js'],
  '/login': ['/assets/LoginPage-1.js', '/assets/field-1.js'],
  '/service/:token': ['/assets/PublicServicePage-1.js'],
};

describe("the first screen's chunks (docs/decisions/0221-first-load-route-preload-and-compression.md)", () => {
  it('matches the address segment by segment, a :param standing for any one segment', () => {
    expect(routeFiles(table, '/')).toEqual(['/assets/LandingPage-1.js']);
    expect(routeFiles(table, '/login/')).toEqual(['/assets/LoginPage-1.js', '/assets/field-1.js']);
    expect(routeFiles(table, '/service/abc123')).toEqual(['/assets/PublicServicePage-1.js']);
  });

  it('preloads nothing for an address no public route takes', () => {
    expect(routeFiles(table, '/dashboard')).toEqual([]);
    expect(routeFiles(table, '/service')).toEqual([]);
    expect(routeFiles(table, '/service/a/b')).toEqual([]);
  });
});

describe("the first screen's API answer", () => {
  const data = { '/service/:token': '/public/service/{token}' };

  it('fills the API path from the address the way the client does (decoded, then encoded)', () => {
    expect(routeDataUrl(data, '/service/abc123')).toBe('/public/service/abc123');
    expect(routeDataUrl(data, '/service/a%20b')).toBe('/public/service/a%20b');
    expect(routeDataUrl(data, '/service/x')).toBe(buildPath('services.publicGet', { token: 'x' }));
  });

  it('names no answer for another address or one that does not decode', () => {
    expect(routeDataUrl(data, '/service/abc/offer/def')).toBeNull();
    expect(routeDataUrl(data, '/login')).toBeNull();
    expect(routeDataUrl(data, '/service/%E0%A4%A')).toBeNull();
  });

  describe('the API client', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('takes the early answer once for the same bare GET, then asks the server again', async () => {
      const calls: string[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string) => {
          calls.push(url);
          return new Response(JSON.stringify({ n: calls.length }), { status: 200 });
        }),
      );
      prefetch('/public/service/tok');
      expect(calls).toEqual(['/public/service/tok']);
      // The page's own call is answered by the early request: no second request.
      await expect(api('services.publicGet', { params: { token: 'tok' }, token: null })).resolves.toEqual({ n: 1 });
      expect(calls).toHaveLength(1);
      // Taken once: a later read (a refresh after a failed booking) goes to the server.
      await expect(api('services.publicGet', { params: { token: 'tok' }, token: null })).resolves.toEqual({ n: 2 });
      expect(calls).toHaveLength(2);
    });

    it('asks again when the early request failed, and never hands it to another address', async () => {
      let n = 0;
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => {
          n++;
          if (n === 1) throw new TypeError('network down');
          return new Response(JSON.stringify({ n }), { status: 200 });
        }),
      );
      prefetch('/public/service/tok');
      await expect(api('services.publicGet', { params: { token: 'tok' }, token: null })).resolves.toEqual({ n: 2 });
      prefetch('/public/service/other');
      expect(takePrefetched('/public/service/tok')).toBeUndefined();
    });
  });
});
