import { describe, expect, it } from 'vitest';
import { clientAddress } from './rate-limit.js';

describe('clientAddress', () => {
  const ev = (headers: Record<string, string>, sourceIp = '130.176.1.1') => ({
    headers,
    requestContext: { http: { sourceIp } },
  });
  it("prefers CloudFront's own view of the viewer", () => {
    expect(clientAddress(ev({ 'x-viewer-ip': '203.0.113.9', 'cloudfront-viewer-address': '198.51.100.1:443' }))).toBe(
      '203.0.113.9',
    );
    expect(clientAddress(ev({ 'cloudfront-viewer-address': '2001:db8::1:51234' }))).toBe('2001:db8::1');
    expect(clientAddress(ev({ 'cloudfront-viewer-address': '198.51.100.1:443' }))).toBe('198.51.100.1');
  });
  it('falls back to the source address, and ignores a header that is not an address', () => {
    expect(clientAddress(ev({}))).toBe('130.176.1.1');
    expect(clientAddress(ev({ 'x-viewer-ip': 'evil; drop', 'cloudfront-viewer-address': '<script>' }))).toBe(
      '130.176.1.1',
    );
  });
});
