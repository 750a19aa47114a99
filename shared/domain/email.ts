/**
 * The one e-mail rule of the product (R-PLAT-7; docs/decisions/0011-validation-rules.md): a practical subset of
 * RFC 5321/5322. The contract's schemas, the SPA's forms and the mail writer all use it, so an
 * address the browser accepts is one the server accepts and one a message can be sent to.
 *
 * - local part (at most 64 characters): a dot-atom of RFC 5322 `atext` (letters, digits and
 *   !#$%&'*+/=?^_`{|}~-, dots only between them), or a quoted string ("x y") of printable ASCII
 *   with `\"` and `\\` escaped. ASCII only: SES does not offer SMTPUTF8, so a non-ASCII local part
 *   could never be delivered;
 * - domain: at least two dot-separated labels of letters, digits and inner hyphens (internationalised
 *   labels allowed, checked by their IDNA/punycode form), each at most 63 characters, the whole at
 *   most 253, the last label not all digits;
 * - no spaces (outside quotes), control characters, comments or brackets; at most 254 characters.
 */
export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const EMAIL_MAX_LENGTH = 254;

const DOT_ATOM = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const QUOTED = /^"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\[\x20-\x7e])+"$/;
const UNICODE_LABEL = /^[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?$/u;
const ASCII_LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** The domain in its ASCII (punycode) form, or null when it is not a valid host name with a dot. */
function emailDomainAscii(domain: string): string | null {
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((l) => UNICODE_LABEL.test(l))) return null;
  let ascii: string;
  try {
    // The WHATWG URL parser applies UTS 46 (the browser's and Node's IDNA), refusing invalid labels.
    ascii = new URL(`http://${domain}/`).hostname;
  } catch {
    return null;
  }
  const parts = ascii.split('.');
  if (ascii.length > 253 || parts.length < 2) return null;
  if (!parts.every((l) => l.length <= 63 && ASCII_LABEL.test(l))) return null;
  if (/^\d+$/.test(parts.at(-1)!)) return null;
  return ascii;
}

function split(value: string): { local: string; domain: string } | null {
  // The last @: a quoted local part may hold one ("a@b"@example.com).
  const at = value.lastIndexOf('@');
  if (at <= 0) return null;
  return { local: value.slice(0, at), domain: value.slice(at + 1) };
}

export function isEmail(value: string | null | undefined): boolean {
  return emailAscii(value) !== null;
}

/**
 * The address as a mail header and SES take it (domain in punycode), or null when it is not an
 * address by the rule above. Surrounding spaces are ignored.
 */
export function emailAscii(value: string | null | undefined): string | null {
  const v = (value ?? '').trim();
  if (v.length > EMAIL_MAX_LENGTH) return null;
  const parts = split(v);
  if (!parts || parts.local.length > 64) return null;
  if (!DOT_ATOM.test(parts.local) && !QUOTED.test(parts.local)) return null;
  const domain = emailDomainAscii(parts.domain);
  return domain ? `${parts.local}@${domain}` : null;
}
