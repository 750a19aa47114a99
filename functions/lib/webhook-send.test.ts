import dns from 'node:dns';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from './config.js';
import { sendWebhook } from './webhook-send.js';

/**
 * R-SET-10's check at delivery time (docs/decisions/0249-webhook-ssrf-ranges.md): every address the host
 * resolves to must be global unicast, or nothing is sent. The DNS answer is stood in, as a rebinding
 * server would give it; a refused answer fails before any connection, so no network is needed.
 */
const message = { messageId: 'msg_1', type: 'webhook.test', at: '2026-12-02T00:00:00.000Z', data: null };
const secret = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
const original = dns.lookup;

function answer(addresses: string[]) {
  (dns as { lookup: unknown }).lookup = (_host: string, _opts: unknown, cb: (...a: unknown[]) => void) =>
    cb(
      null,
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
}

describe('the delivery-time address check (R-SET-10)', () => {
  beforeAll(() => {
    process.env.TABLE_NAME ??= 'unit';
    delete process.env.WEBHOOKS_ALLOW_LOCAL;
    resetConfig();
  });
  afterEach(() => {
    (dns as { lookup: unknown }).lookup = original;
  });
  afterAll(() => resetConfig());

  it.each([
    [['fec0::1']],
    [['::ffff:0:7f00:1']],
    [['100::1']],
    [['2001:0:a9fe:a9fe::1']],
    [['127.0.0.1']],
    [['169.254.169.254']],
    [['fd00:ec2::254']],
    [['::ffff:10.0.0.1']],
    [['10.0.0.1']],
    // One private address among public ones is enough to refuse.
    [['93.184.216.34', '192.168.0.10']],
    [['2a00:1450:4001:80b::200e', 'fe80::1']],
  ])('refuses a host resolving to %j', async (addresses) => {
    answer(addresses);
    const result = await sendWebhook('https://hooks.example.com/in', secret, message);
    expect(result).toMatchObject({ ok: false, statusCode: null });
    expect(result.error).toBe('hooks.example.com resolves to an address webhooks may not reach');
  });

  it('gives up on a receiver not connected within 3 s (R-SET-12), not after the 10 s answer timeout', async () => {
    // The name takes 5 s to resolve: the connection phase (DNS, TCP, TLS) is over the limit.
    (dns as { lookup: unknown }).lookup = (_host: string, _opts: unknown, cb: (...a: unknown[]) => void) =>
      setTimeout(() => cb(null, [{ address: '93.184.216.34', family: 4 }]), 5_000).unref();
    const result = await sendWebhook('https://slow.example.com/in', secret, message);
    expect(result).toMatchObject({ ok: false, statusCode: null, error: 'No connection within 3 s' });
    expect(result.latencyMs).toBeGreaterThanOrEqual(2_900);
    expect(result.latencyMs).toBeLessThan(4_500);
  });
});
