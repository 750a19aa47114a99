/**
 * One webhook request (docs/requirements/settings.md R-SET-10): a POST signed the Standard Webhooks way
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`,
 * signed by the `standardwebhooks` package itself), answered 2xx within 10 s or it failed.
 *
 * Against SSRF the host is resolved here, at delivery time, and every address it resolves to must be
 * global unicast (shared/domain/webhooks.ts `isPublicAddress`, ipaddr.js's ranges); the connection goes
 * to the address that was checked (the request's `lookup`), so a DNS answer that changes between check
 * and connect (rebinding) cannot steer it inside. Redirects are not followed. The local runtime also reaches localhost and
 * 127.0.0.1 (config `webhooksAllowLocal`).
 */
import dns, { type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import {
  isIpLiteral,
  isPublicAddress,
  LOCAL_WEBHOOK_HOSTS,
  WEBHOOK_CONNECT_TIMEOUT_MS,
  WEBHOOK_TIMEOUT_MS,
  webhookUrlProblem,
} from '../../shared/domain/webhooks.js';
import { config } from './config.js';

export interface SendResult {
  ok: boolean;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
}

interface WebhookMessage {
  messageId: string;
  type: string;
  /** When the change happened (the payload's `timestamp`). */
  at: string;
  data: unknown;
}

/** The body every receiver gets: `{type, timestamp, data}` (data as the live stream carries it). */
const webhookBody = (m: WebhookMessage): string => JSON.stringify({ type: m.type, timestamp: m.at, data: m.data });

/** The three Standard Webhooks headers for `body`, signed with `secret` (`whsec_…`). */
function signatureHeaders(secret: string, messageId: string, body: string, sentAt = new Date()) {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, sentAt, body),
  };
}

class BlockedAddress extends Error {
  constructor(host: string) {
    super(`${host} resolves to an address webhooks may not reach`);
    this.name = 'BlockedAddress';
  }
}

/** A DNS lookup that answers only public addresses (or, locally, the local hosts' loopback). */
function guardedLookup(allowLoopback: boolean): LookupFunction {
  return ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    // Looked up through the module object at call time (tests stand in a rebinding DNS answer there).
    dns.lookup(hostname, { all: true, verbatim: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err);
      const okAddress = (a: LookupAddress) => isPublicAddress(a.address) || allowLoopback;
      if (!addresses.length || !addresses.every(okAddress)) return callback(new BlockedAddress(hostname));
      if (options?.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  }) as LookupFunction;
}

export async function sendWebhook(url: string, secret: string, message: WebhookMessage): Promise<SendResult> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  const allowLocal = config().webhooksAllowLocal;
  const problem = webhookUrlProblem(url, { allowLocal });
  if (problem) return { ok: false, statusCode: null, latencyMs: 0, error: problem };
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const local = allowLocal && LOCAL_WEBHOOK_HOSTS.includes(host.toLowerCase());
  // An IP literal needs no lookup; webhookUrlProblem already judged it.
  const lookup = isIpLiteral(host) ? undefined : guardedLookup(local);
  const body = webhookBody(message);
  const headers = {
    ...signatureHeaders(secret, message.messageId, body),
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'user-agent': 'RentalBackOffice-Webhooks/1',
  };
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const done = (r: Omit<SendResult, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(connectTimer);
      resolve({ ...r, latencyMs: latency() });
    };
    const req = send(target, { method: 'POST', headers, lookup, agent: false }, (res) => {
      const status = res.statusCode ?? 0;
      // Read (and drop) at most 64 KB of the answer, then judge by the status alone.
      let seen = 0;
      res.on('data', (c: Buffer) => {
        seen += c.length;
        if (seen > 65_536) res.destroy();
      });
      const finish = () =>
        done({
          ok: status >= 200 && status < 300,
          statusCode: status,
          error: status >= 200 && status < 300 ? null : `HTTP ${status}`,
        });
      res.on('end', finish);
      res.on('close', finish);
      res.on('error', finish);
    });
    const timer = setTimeout(() => {
      req.destroy(new Error(`No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`));
    }, WEBHOOK_TIMEOUT_MS);
    // R-SET-12: no connection (name, TCP, TLS) within 3 s fails at once, so a dead host holds a
    // delivery slot for 3 s, not 10.
    const connectTimer = setTimeout(() => {
      req.destroy(new Error(`No connection within ${WEBHOOK_CONNECT_TIMEOUT_MS / 1000} s`));
    }, WEBHOOK_CONNECT_TIMEOUT_MS);
    // A fresh socket each time (`agent: false`): its connect event always comes.
    req.on('socket', (socket) =>
      socket.once(target.protocol === 'https:' ? 'secureConnect' : 'connect', () => clearTimeout(connectTimer)),
    );
    req.on('close', () => clearTimeout(connectTimer));
    req.on('error', (e) => done({ ok: false, statusCode: null, error: e.message.slice(0, 300) }));
    req.end(body);
  });
}
