/**
 * Webhooks (docs/requirements/settings.md R-SET-10, docs/decisions/0231-webhooks.md): the one list of event
 * names, the URL rule against SSRF, the retry schedule and the order rule, imported by the contract,
 * the server and the SPA.
 */

import ipaddr from 'ipaddr.js';

export * from './webhook-events.js';

/** R-SET-10: at most this many endpoints per organization. */
export const WEBHOOK_ENDPOINTS_MAX = 20;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** Secrets are `whsec_` + base64 of this many random bytes (Standard Webhooks). */
export const WEBHOOK_SECRET_BYTES = 32;
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** A 2xx within this long is a success (R-SET-10). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** A receiver not connected (DNS, TCP, TLS) within this long has failed: no waiting out the 10 s (R-SET-12). */
export const WEBHOOK_CONNECT_TIMEOUT_MS = 3_000;
/** The pause before each retry, in order: 7 retries over about 28 hours (R-SET-10). */
const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];
/** One first attempt and one per retry delay. */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;
/** An endpoint failing without a single success for this long is disabled and its administrators told. */
export const WEBHOOK_DISABLE_AFTER_MS = 5 * 86_400_000;

/** When the attempt after `attempts` failed attempts is due; null when none is left. */
export function nextAttemptAt(failedAttempts: number, nowMs: number): number | null {
  const delay = WEBHOOK_RETRY_DELAYS_MS[failedAttempts - 1];
  return delay === undefined ? null : nowMs + delay;
}

// ---------------------------------------------------------------- the URL rule (SSRF)

/**
 * IPv6 global unicast (RFC 4291 2.4): only here may a deployed webhook go. ipaddr.js calls every address
 * outside its special ranges `unicast`, site-local fec0::/10 and 100::1 (beyond the discard /64) included,
 * so the range check alone is not enough (R-SET-10).
 */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/** `[::1]` (a URL's host) and `fe80::1%eth0` as ipaddr.js reads them. */
const bare = (host: string) => host.replace(/^\[(.*)\]$/, '$1');

/** Any text ipaddr.js reads as an address, in every IPv4 spelling it knows (`0x7f.1`, `2130706433`, …). */
export const isIpLiteral = (host: string): boolean => ipaddr.isValid(bare(host));

/**
 * True for an address a deployed webhook may be sent to (R-SET-10, docs/decisions/0249-webhook-ssrf-ranges.md):
 * ipaddr.js's range classification, kept by its maintainers, decides. IPv4 (and IPv4-mapped IPv6, judged
 * as the IPv4 address) must be `unicast`, i.e. in none of its special ranges (private, loopback,
 * link-local and metadata, CGNAT, reserved and documentation, multicast, broadcast, …); IPv6 must be
 * `unicast` and inside 2000::/3, so unique-local, site-local, discard, NAT64, 6to4, Teredo, ORCHID,
 * documentation and the other special ranges are all refused.
 */
export function isPublicAddress(ip: string): boolean {
  const text = bare(ip);
  if (!ipaddr.isValid(text)) return false;
  let addr = ipaddr.parse(text);
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) {
    addr = (addr as ipaddr.IPv6).toIPv4Address();
  }
  if (addr.kind() === 'ipv4') return (addr as ipaddr.IPv4).range() === 'unicast';
  const v6 = addr as ipaddr.IPv6;
  return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST_V6);
}

/** Host names that name internal services whatever the DNS says. */
const INTERNAL_NAME = /(^|\.)(localhost|local|internal|localdomain|home\.arpa|intranet|lan)$/;
/** The only addresses the local runtime accepts over plain http (R-SET-10). */
export const LOCAL_WEBHOOK_HOSTS = ['localhost', '127.0.0.1'];

/**
 * R-SET-10's URL rule, the part that needs no network: deployed stages take `https` to a public host
 * (no credentials in the URL, no IP literal of a private range, no internal name); the local runtime
 * (`allowLocal`) also takes `http://localhost` and `http://127.0.0.1` (any port). Null when the URL is
 * acceptable, else the reason. The host's addresses are checked again at every delivery
 * (functions/lib/webhook-send.ts), against DNS rebinding.
 */
export function webhookUrlProblem(raw: string, opts: { allowLocal: boolean }): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Enter a full URL starting with https://';
  }
  if (raw.length > WEBHOOK_URL_MAX) return `The URL may hold at most ${WEBHOOK_URL_MAX} characters`;
  if (url.username || url.password) return 'The URL must not contain a user name or password';
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const local = opts.allowLocal && LOCAL_WEBHOOK_HOSTS.includes(host);
  if (url.protocol === 'http:' && local) return null;
  if (url.protocol !== 'https:')
    return opts.allowLocal
      ? 'The URL must start with https:// (or http://localhost or http://127.0.0.1 on the local runtime)'
      : 'The URL must start with https://';
  if (local) return null;
  if (isIpLiteral(host)) return isPublicAddress(host) ? null : 'The URL must point to a public address';
  if (!host.includes('.') || INTERNAL_NAME.test(host)) return 'The URL must point to a public address';
  return null;
}
