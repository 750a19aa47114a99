import { randomBytes } from 'node:crypto';
import { emailAscii } from '../../shared/domain/email.js';

/**
 * A MIME message (RFC 5322 / 2045-2047 / 2183 / 2231) with a text and an HTML body and file
 * attachments, as SES SendRawEmail takes it. Hand-written on purpose (docs/decisions/0213-reports-mime-written-by-hand.md, "Reports:
 * scheduled reports"): the one well-kept composer in node_modules (nodemailer) is only there as a
 * development dependency of the SES emulator, not one the Lambdas may bundle.
 *
 * Shape: multipart/mixed { multipart/alternative { text/plain, text/html }, attachment… }.
 * - Every body part is base64 in lines of 76 characters, so no line of the message is long and no
 *   8-bit byte reaches a 7-bit relay.
 * - Boundaries are random and contain `_` and `.`, which the base64 alphabet lacks: no body line can
 *   equal one.
 * - Header values lose CR and LF (no header injection from a subject, an address or a file name);
 *   non-ASCII subjects are RFC 2047 encoded words, non-ASCII file names RFC 2231 `filename*`.
 */
export interface MimeAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

interface MimeMessage {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: MimeAttachment[];
  /** Defaults to now. */
  date?: Date;
  /**
   * An https (or, locally, http) address that unsubscribes this recipient with one POST: written as
   * `List-Unsubscribe` with `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 2369, RFC 8058).
   */
  listUnsubscribe?: string;
}

const CRLF = '\r\n';

const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();
const isAscii = (s: string) => /^[\x20-\x7e]*$/.test(s);

/** base64 in lines of at most 76 characters (RFC 2045 §6.8). */
export function base64Lines(bytes: Uint8Array): string {
  const b64 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  const lines: string[] = [];
  for (let i = 0; i < b64.length; i += 76) lines.push(b64.slice(i, i + 76));
  return lines.join(CRLF);
}

/** A header value as RFC 2047 encoded words when it is not plain ASCII (each word at most 75 characters). */
export function encodeHeaderValue(value: string): string {
  const v = oneLine(value);
  if (isAscii(v)) return v;
  // Split on whole characters so no UTF-8 sequence is cut between two words.
  const words: string[] = [];
  let chunk = '';
  for (const ch of v) {
    if (Buffer.byteLength(chunk + ch, 'utf8') > 45) {
      words.push(chunk);
      chunk = '';
    }
    chunk += ch;
  }
  if (chunk) words.push(chunk);
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w, 'utf8').toString('base64')}?=`).join(`${CRLF} `);
}

/** A safe quoted file name (ASCII, no quotes, slashes or control characters) and, when the name was not ASCII, its RFC 2231 form. */
function filenameParams(name: string): string {
  const clean = oneLine(name).replace(/[\\/"]/g, '_') || 'attachment';
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_');
  if (ascii === clean) return `filename="${ascii}"`;
  return `filename="${ascii}";${CRLF} filename*=UTF-8''${encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** An address for To/From: one line, and it must look like an address (no display name is accepted here). */
function address(a: string): string {
  const v = oneLine(a);
  // The product's one rule (a quoted "x y"@example.com too); an internationalised domain goes out as punycode.
  const ascii = emailAscii(v);
  if (!ascii) throw new Error(`Not an e-mail address: ${v.slice(0, 80)}`);
  return ascii;
}

/** An unsubscribe address for the header: absolute http(s), nothing that could end the <…> or the header. */
function unsubscribeUrl(u: string): string {
  if (!/^https?:\/\/[^\s<>"]+$/.test(u)) throw new Error('List-Unsubscribe needs an http(s) address');
  return u;
}

const newBoundary = (label: string) => `=_${label}.${randomBytes(12).toString('hex')}`;

export function buildMimeMessage(m: MimeMessage): Uint8Array {
  if (!m.to.length) throw new Error('A message needs at least one recipient');
  const mixed = newBoundary('mixed');
  const alt = newBoundary('alt');
  const utf8 = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));
  const lines: string[] = [
    `From: ${address(m.from)}`,
    `To: ${m.to.map(address).join(', ')}`,
    `Subject: ${encodeHeaderValue(m.subject)}`,
    `Date: ${(m.date ?? new Date()).toUTCString().replace('GMT', '+0000')}`,
    ...(m.listUnsubscribe
      ? [
          `List-Unsubscribe: <${unsubscribeUrl(m.listUnsubscribe)}>`,
          'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
        ]
      : []),
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${mixed}"`,
    '',
    'This is a multi-part message in MIME format.',
    `--${mixed}`,
    `Content-Type: multipart/alternative; boundary="${alt}"`,
    '',
    `--${alt}`,
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(utf8(m.text)),
    `--${alt}`,
    'Content-Type: text/html; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    base64Lines(utf8(m.html)),
    `--${alt}--`,
  ];
  for (const a of m.attachments) {
    const type = /^[\w.+-]+\/[\w.+-]+$/.test(a.contentType) ? a.contentType : 'application/octet-stream';
    const name = filenameParams(a.filename);
    lines.push(
      `--${mixed}`,
      `Content-Type: ${type}; name="${name.slice('filename="'.length, name.indexOf('"', 'filename="'.length))}"`,
      `Content-Disposition: attachment; ${name}`,
      'Content-Transfer-Encoding: base64',
      '',
      base64Lines(a.content),
    );
  }
  lines.push(`--${mixed}--`, '');
  return utf8(lines.join(CRLF));
}
