import { describe, expect, it } from 'vitest';
import { VIEWER_HOST_HEADER } from '../shared/domain/tenant-host.js';
import { synthStack } from './synth.js';
import { API_PATH_PATTERNS, VIEWER_IP_FUNCTION } from './web.js';

// docs/decisions/0007-one-tenant-per-host.md: behind CloudFront the API sees API Gateway's name as Host, so the viewer's host
// (which names the tenant) travels in x-viewer-host, set by the API behaviours' viewer-request function.
type Fn = (event: unknown) => { headers: Record<string, { value: string }> };
const viewerFunction = new Function(`${VIEWER_IP_FUNCTION}; return handler;`)() as Fn;
const run = (headers: Record<string, { value: string }>) =>
  viewerFunction({ viewer: { ip: '203.0.113.9' }, request: { method: 'GET', uri: '/api/customers', headers } }).headers;

describe('the viewer-request function of the API behaviours', () => {
  it('copies the host the viewer asked for into x-viewer-host', () => {
    expect(run({ host: { value: 'bravo.rentals.example.com' } })[VIEWER_HOST_HEADER]).toEqual({
      value: 'bravo.rentals.example.com',
    });
  });

  it("overwrites a viewer's own x-viewer-host, and drops it when there is no host to copy", () => {
    expect(
      run({
        host: { value: 'bravo.rentals.example.com' },
        [VIEWER_HOST_HEADER]: { value: 'alpha.rentals.example.com' },
      })[VIEWER_HOST_HEADER]?.value,
    ).toBe('bravo.rentals.example.com');
    expect(run({ [VIEWER_HOST_HEADER]: { value: 'alpha.rentals.example.com' } })[VIEWER_HOST_HEADER]).toBeUndefined();
  });
});

describe('in the synthesised stack (with a domain)', () => {
  const { template } = synthStack({
    stage: 'prod',
    domainName: 'rentals.example.com',
    hostedZoneId: 'Z0123456789ABC',
    codeStubs: true,
    webDist: '/nonexistent',
  });
  const resources = Object.entries(
    template.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, any> }>,
  );

  it('every API path behaviour runs the function that forwards the host, alongside the origin secret', () => {
    const [fnId] =
      resources.find(
        ([, r]) =>
          r.Type === 'AWS::CloudFront::Function' && String(r.Properties.FunctionCode).includes(VIEWER_HOST_HEADER),
      ) ?? [];
    expect(fnId).toBeDefined();
    const dist = resources.find(([, r]) => r.Type === 'AWS::CloudFront::Distribution')![1].Properties
      .DistributionConfig;
    for (const pattern of API_PATH_PATTERNS) {
      const behavior = (dist.CacheBehaviors as any[]).find((b) => b.PathPattern === pattern);
      expect(JSON.stringify(behavior.FunctionAssociations), pattern).toContain(fnId!);
      expect(behavior.FunctionAssociations[0].EventType).toBe('viewer-request');
      const origin = (dist.Origins as any[]).find((o) => o.Id === behavior.TargetOriginId);
      expect(origin.OriginCustomHeaders.map((h: { HeaderName: string }) => h.HeaderName)).toContain('x-origin-secret');
    }
  });

  it('the live stream knows the app address, so it can tell a tenant host in an Origin', () => {
    const stream = resources.find(
      ([, r]) =>
        r.Type === 'AWS::Lambda::Function' &&
        String(r.Properties.Description ?? '').startsWith('GET /api/events/dashboard'),
    )![1];
    expect(stream.Properties.Environment.Variables.APP_BASE_URL).toBe('https://rentals.example.com');
  });
});
