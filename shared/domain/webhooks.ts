/**
 * Webhooks (docs/requirements/settings.md R-SET-10, docs/decisions/webhooks.md): the one list of event
 * names, the URL rule against SSRF, the retry schedule and the order rule, imported by the contract,
 * the server and the SPA.
 */

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
/** The pause before each retry, in order: 7 retries over about 28 hours (R-SET-10). */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [
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

/** IPv4 ranges no deployed webhook may reach: this host, private networks, link-local, CGNAT, metadata, … */
const BLOCKED_V4: readonly [string, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

function v4ToInt(ip: string): number | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  if (parts.some((p) => p > 255)) return null;
  return ((parts[0]! << 24) | (parts[1]! << 16) | (parts[2]! << 8) | parts[3]!) >>> 0;
}

function v4Blocked(ip: string): boolean {
  const n = v4ToInt(ip);
  if (n === null) return true;
  return BLOCKED_V4.some(([base, bits]) => {
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    return (n & mask) >>> 0 === (v4ToInt(base)! & mask) >>> 0;
  });
}

/** Expands an IPv6 text into 8 groups; null when it is not one. */
function v6Groups(ip: string): number[] | null {
  let s = ip.toLowerCase();
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  // A dotted IPv4 tail (::ffff:10.0.0.1) becomes its two groups.
  const dotted = /^(.*:)(\d{1,3}(?:\.\d{1,3}){3})$/.exec(s);
  if (dotted) {
    const v4 = v4ToInt(dotted[2]!);
    if (v4 === null) return null;
    s = `${dotted[1]}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const parse = (h: string) =>
    h ? h.split(':').map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? Number.parseInt(g, 16) : NaN)) : [];
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  const known = head.length + rest.length;
  if ([...head, ...rest].some(Number.isNaN)) return null;
  if (halves.length === 1 && known !== 8) return null;
  if (known > 8) return null;
  return [...head, ...new Array<number>(8 - known).fill(0), ...rest];
}

function v6Blocked(ip: string): boolean {
  const g = v6Groups(ip);
  if (!g) return true;
  const [a, b] = [g[0]!, g[1]!];
  if (g.every((x) => x === 0)) return true; // ::
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return true; // ::1
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible: judged as the IPv4 address.
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0)) {
    return v4Blocked(`${g[6]! >> 8}.${g[6]! & 255}.${g[7]! >> 8}.${g[7]! & 255}`);
  }
  if (a === 0x64 && b === 0xff9b) return true; // NAT64 (may reach internal IPv4)
  if ((a & 0xfe00) === 0xfc00) return true; // unique local fc00::/7 (AWS metadata fd00:ec2::254)
  if ((a & 0xffc0) === 0xfe80) return true; // link-local
  if ((a & 0xff00) === 0xff00) return true; // multicast
  if (a === 0x2001 && b === 0x0db8) return true; // documentation
  if (a === 0x2002) return true; // 6to4 (embeds any IPv4)
  return false;
}

export const isIpLiteral = (host: string): boolean => v4ToInt(host) !== null || v6Groups(host) !== null;

/** True for an address a deployed webhook may be sent to: public unicast only. */
export function isPublicAddress(ip: string): boolean {
  if (v4ToInt(ip) !== null) return !v4Blocked(ip);
  if (v6Groups(ip) !== null) return !v6Blocked(ip);
  return false;
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
