import { describe, expect, it } from 'vitest';
import {
  isPublicAddress,
  nextAttemptAt,
  WEBHOOK_MAX_ATTEMPTS,
  webhookOrderKey,
  webhookUrlProblem,
} from './webhooks.js';

describe('the webhook URL rule (R-SET-10)', () => {
  it.each([
    ['8.8.8.8', true],
    ['1.1.1.1', true],
    ['2606:4700:4700::1111', true],
    ['::ffff:8.8.8.8', true],
    ['10.0.0.1', false],
    ['172.31.255.255', false],
    ['172.32.0.1', true],
    ['192.168.0.1', false],
    ['127.0.0.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['100.128.0.1', true],
    ['0.0.0.0', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    ['fd00:ec2::254', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:169.254.169.254', false],
    ['not-an-ip', false],
    // Accepted before ipaddr.js's classification decided (docs/decisions/0249-webhook-ssrf-ranges.md).
    ['fec0::1', false], // site-local (deprecated, never global)
    ['::ffff:0:7f00:1', false], // IPv4-translated 127.0.0.1 (RFC 6145)
    ['100::1', false], // discard-only
    ['2001:0:a9fe:a9fe::1', false], // Teredo, embeds 169.254.169.254 (an IPv4 behind a relay)
    // The usual private, loopback, link-local and metadata ones, in every spelling.
    ['[::1]', false],
    ['0:0:0:0:0:0:0:1', false],
    ['::ffff:7f00:1', false], // 127.0.0.1, mapped, in hex
    ['::ffff:a9fe:a9fe', false], // 169.254.169.254, mapped, in hex
    ['::ffff:10.1.2.3', false],
    ['::ffff:192.168.1.1', false],
    ['::7f00:1', false], // IPv4-compatible (deprecated)
    ['fe80::1%eth0', false],
    ['fc00::1', false],
    ['64:ff9b::a9fe:a9fe', false], // NAT64 of the metadata address
    ['64:ff9b:1::1', false], // local-use NAT64 (RFC 8215)
    ['2002:7f00:1::1', false], // 6to4 of 127.0.0.1
    ['2001:db8::1', false], // documentation
    ['2001:2::1', false], // benchmarking
    ['2001:10::1', false], // ORCHID
    ['ff02::1', false], // multicast
    ['4000::1', false], // outside 2000::/3 (unassigned)
    ['2a00:1450:4001:80b::200e', true], // a global unicast address
    ['192.0.0.8', false],
    ['192.0.2.1', false],
    ['192.88.99.1', false], // 6to4 relay anycast
    ['198.18.0.1', false],
    ['198.51.100.1', false],
    ['203.0.113.1', false],
    ['224.0.0.1', false],
    ['240.0.0.1', false],
    ['255.255.255.255', false],
    ['0x7f.1', false], // 127.0.0.1 in an old spelling
    ['2130706433', false], // 127.0.0.1 as a number
    ['93.184.216.34', true],
  ])('%s public: %s', (ip, expected) => {
    expect(isPublicAddress(ip)).toBe(expected);
  });

  it('deployed: https to public hosts only', () => {
    const deployed = { allowLocal: false };
    expect(webhookUrlProblem('https://hooks.example.com/in', deployed)).toBeNull();
    expect(webhookUrlProblem('http://hooks.example.com/in', deployed)).toMatch(/https/);
    expect(webhookUrlProblem('http://localhost:3000/in', deployed)).not.toBeNull();
    expect(webhookUrlProblem('https://127.0.0.1/in', deployed)).not.toBeNull();
    expect(webhookUrlProblem('https://2130706433/in', deployed)).not.toBeNull(); // 127.0.0.1 as a number
    expect(webhookUrlProblem('https://[::ffff:a00:1]/in', deployed)).not.toBeNull(); // 10.0.0.1 mapped
    expect(webhookUrlProblem('https://db.internal/in', deployed)).not.toBeNull();
    expect(webhookUrlProblem('https://a:b@hooks.example.com/in', deployed)).not.toBeNull();
    expect(webhookUrlProblem('hooks.example.com/in', deployed)).not.toBeNull();
    for (const host of ['[fec0::1]', '[::ffff:0:7f00:1]', '[100::1]', '[2001:0:a9fe:a9fe::1]'])
      expect(webhookUrlProblem(`https://${host}/in`, deployed), host).toBe('The URL must point to a public address');
    expect(webhookUrlProblem('https://[2a00:1450:4001:80b::200e]/in', deployed)).toBeNull();
  });

  it('local runtime: also http://localhost and http://127.0.0.1, nothing else private', () => {
    const local = { allowLocal: true };
    expect(webhookUrlProblem('http://localhost:4000/in', local)).toBeNull();
    expect(webhookUrlProblem('http://127.0.0.1:4000/in', local)).toBeNull();
    expect(webhookUrlProblem('http://10.0.0.1/in', local)).not.toBeNull();
    expect(webhookUrlProblem('http://hooks.example.com/in', local)).not.toBeNull();
  });
});

describe('retries and order (R-SET-10)', () => {
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then gives up', () => {
    const t0 = 1_000_000;
    const waits = [1, 2, 3, 4, 5, 6, 7].map((n) => nextAttemptAt(n, t0)! - t0);
    expect(waits).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(nextAttemptAt(8, t0)).toBeNull();
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(8);
    // At least 24 hours of retries in all.
    expect(waits.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(24 * 3_600_000);
  });

  it('orders by reservation, then item, then waitlist entry', () => {
    expect(webhookOrderKey({ id: 'r1', reservationNumber: 'R-1' })).toBe('r1');
    expect(webhookOrderKey({ reservationId: 'r2', amount: 5 })).toBe('r2');
    expect(webhookOrderKey({ itemId: 'i1', reservationId: 'r3' })).toBe('r3');
    expect(webhookOrderKey({ itemId: 'i1' })).toBe('i1');
    expect(webhookOrderKey({ entryId: 'w1' })).toBe('w1');
    expect(webhookOrderKey({})).toBe('_');
    expect(webhookOrderKey({ id: 'a#b' })).toBe('ab');
  });
});
