import { signedFetch } from '../lib/sigv4.js';

const API = 'https://cloudfront.amazonaws.com/2020-05-31/distribution';

/**
 * The distribution config with every custom origin header named `headerName` set to `value`.
 * Works on CloudFront's XML as text: the header value is our own URL-safe string (rotate.ts makes
 * it), so nothing needs escaping, and everything else goes back byte for byte.
 */
export function withOriginHeader(
  configXml: string,
  headerName: string,
  value: string,
): { xml: string; found: number; changed: boolean } {
  if (!/^[A-Za-z0-9_-]+$/.test(value)) throw new Error('An origin header value must be URL-safe characters only');
  let found = 0;
  let changed = false;
  const xml = configXml.replace(/<OriginCustomHeader>([\s\S]*?)<\/OriginCustomHeader>/g, (element, inner: string) => {
    if (!new RegExp(`<HeaderName>\\s*${escapeRegExp(headerName)}\\s*</HeaderName>`, 'i').test(inner)) return element;
    found += 1;
    return element.replace(/<HeaderValue>([^<]*)<\/HeaderValue>/, (current, old: string) => {
      if (old === value) return current;
      changed = true;
      return `<HeaderValue>${value}</HeaderValue>`;
    });
  });
  return { xml, found, changed };
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Sets the header CloudFront sends to the API origin (x-origin-secret) to `value`: GetDistributionConfig,
 * then UpdateDistribution with its ETag. Nothing is sent when the header already has the value.
 */
export async function setOriginHeader(
  distributionId: string,
  headerName: string,
  value: string,
  call = signedFetch,
): Promise<'updated' | 'unchanged'> {
  const url = `${API}/${encodeURIComponent(distributionId)}/config`;
  const got = await call('cloudfront', 'us-east-1', url, { method: 'GET' });
  const body = await got.text();
  if (!got.ok) throw new Error(`CloudFront GetDistributionConfig answered ${got.status}: ${body.slice(0, 300)}`);
  const etag = got.headers.get('etag');
  if (!etag) throw new Error('CloudFront GetDistributionConfig answered without an ETag');
  const next = withOriginHeader(body, headerName, value);
  if (next.found === 0) throw new Error(`Distribution ${distributionId} has no origin with the header ${headerName}`);
  if (!next.changed) return 'unchanged';
  const put = await call('cloudfront', 'us-east-1', url, {
    method: 'PUT',
    headers: { 'content-type': 'text/xml', 'if-match': etag },
    body: next.xml,
  });
  if (!put.ok)
    throw new Error(`CloudFront UpdateDistribution answered ${put.status}: ${(await put.text()).slice(0, 300)}`);
  return 'updated';
}
