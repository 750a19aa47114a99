import { describe, expect, it } from 'vitest';
import { routeFiles } from './route-preload.js';

const table = {
  '/': ['/assets/LandingPage-1.js'],
  '/login': ['/assets/LoginPage-1.js', '/assets/field-1.js'],
  '/service/:token': ['/assets/PublicServicePage-1.js'],
};

describe("the first screen's chunks (docs/decisions/first-load-route-preload-and-compression.md)", () => {
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
