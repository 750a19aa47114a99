import { describe, expect, it } from 'vitest';
import { setOriginHeader, withOriginHeader } from './cloudfront.js';

const config = (value: string) => `<?xml version="1.0" encoding="UTF-8"?>
<DistributionConfig xmlns="http://cloudfront.amazonaws.com/doc/2020-05-31/"><CallerReference>ref</CallerReference><Origins><Quantity>2</Quantity><Items>
<Origin><Id>web</Id><DomainName>web.s3.amazonaws.com</DomainName><CustomHeaders><Quantity>0</Quantity></CustomHeaders></Origin>
<Origin><Id>api</Id><DomainName>abc.execute-api.us-east-1.amazonaws.com</DomainName><CustomHeaders><Quantity>2</Quantity><Items>
<OriginCustomHeader><HeaderName>x-other</HeaderName><HeaderValue>keep</HeaderValue></OriginCustomHeader>
<OriginCustomHeader><HeaderName>x-origin-secret</HeaderName><HeaderValue>${value}</HeaderValue></OriginCustomHeader>
</Items></CustomHeaders></Origin></Items></Origins><Enabled>true</Enabled></DistributionConfig>`;

describe("CloudFront's copy of the origin secret", () => {
  it('changes only the x-origin-secret header value', () => {
    const next = withOriginHeader(config('old'), 'x-origin-secret', 'new-Value_1');
    expect(next).toMatchObject({ found: 1, changed: true });
    expect(next.xml).toBe(config('new-Value_1'));
    expect(next.xml).toContain('<HeaderValue>keep</HeaderValue>');
  });

  it('GETs the config and PUTs it back with its ETag, and sends nothing when it already has the value', async () => {
    const calls: { method: string; headers?: Record<string, string>; body?: string }[] = [];
    let current = config('old');
    const call = async (
      _s: string,
      _r: string,
      _url: string,
      init: { method: string; headers?: Record<string, string>; body?: string },
    ) => {
      calls.push(init);
      if (init.method === 'PUT') current = init.body!;
      return new Response(init.method === 'GET' ? current : '<Distribution/>', {
        status: 200,
        headers: { etag: 'E1' },
      });
    };
    expect(await setOriginHeader('DIST', 'x-origin-secret', 'fresh', call)).toBe('updated');
    expect(calls[1]).toMatchObject({ method: 'PUT', headers: { 'if-match': 'E1' } });
    expect(current).toBe(config('fresh'));
    expect(await setOriginHeader('DIST', 'x-origin-secret', 'fresh', call)).toBe('unchanged');
    expect(calls).toHaveLength(3);
  });

  it('fails when the distribution has no such header (never a silent success)', async () => {
    const call = async () =>
      new Response('<DistributionConfig></DistributionConfig>', { status: 200, headers: { etag: 'E1' } });
    await expect(setOriginHeader('DIST', 'x-origin-secret', 'fresh', call)).rejects.toThrow(
      /no origin with the header/,
    );
  });
});
