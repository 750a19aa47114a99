/**
 * Payment instructions for a public booking (R-BOOK-6): deep links with the amount and a note
 * prefilled. The confirmation page and the confirmation e-mail build them with the same function.
 */
import { decimalText, toCents } from './money.js';

export interface PaymentMethods {
  venmo?: string | null;
  cashApp?: string | null;
  paypal?: string | null;
  zelle?: string | null;
}

const PAYMENT_METHOD_KEYS = ['venmo', 'cashApp', 'paypal', 'zelle'] as const;

/** Only the methods with a value; blank hides (R-SVC-3). */
export function configuredMethods(m: PaymentMethods | null | undefined): PaymentMethods {
  const out: PaymentMethods = {};
  for (const k of PAYMENT_METHOD_KEYS) {
    const v = typeof m?.[k] === 'string' ? m[k]!.trim() : '';
    if (v) out[k] = v;
  }
  return out;
}

/** showPaymentOptions is true only when at least one method has a value (R-BOOK-3). */
export const hasPaymentMethod = (m: PaymentMethods | null | undefined) => Object.keys(configuredMethods(m)).length > 0;

/** The note a customer's payment carries, so the business can match it to the booking. */
export function paymentNoteFor(reservationNumber: string, serviceName: string, paymentNote?: string | null): string {
  const own = paymentNote?.trim();
  return own ? `${own} (${reservationNumber})` : `${serviceName} - ${reservationNumber}`;
}

interface PaymentLink {
  method: 'venmo' | 'cashApp' | 'paypal';
  label: string;
  handle: string;
  href: string;
}

const strip = (handle: string, prefix: RegExp) => handle.trim().replace(prefix, '');

/**
 * Venmo opens its app on phones (venmo:// scheme) and its web page elsewhere; Cash App and PayPal
 * take the amount in the path. Zelle has no link: it is shown as text.
 */
export function paymentLinks(
  methods: PaymentMethods,
  amount: number,
  note: string,
  opts: { mobile: boolean },
): PaymentLink[] {
  const m = configuredMethods(methods);
  const amt = decimalText(toCents(amount));
  const links: PaymentLink[] = [];
  if (m.venmo) {
    const user = strip(m.venmo, /^@/);
    const q = `txn=pay&amount=${amt}&note=${encodeURIComponent(note)}`;
    links.push({
      method: 'venmo',
      label: 'Pay with Venmo',
      handle: m.venmo,
      href: opts.mobile
        ? `venmo://paycharge?recipients=${encodeURIComponent(user)}&${q}`
        : `https://venmo.com/${encodeURIComponent(user)}?${q}`,
    });
  }
  if (m.cashApp) {
    const tag = strip(m.cashApp, /^\$/);
    links.push({
      method: 'cashApp',
      label: 'Pay with Cash App',
      handle: m.cashApp,
      href: `https://cash.app/$${encodeURIComponent(tag)}/${amt}?note=${encodeURIComponent(note)}`,
    });
  }
  if (m.paypal) {
    const user = strip(m.paypal, /^(https?:\/\/)?(www\.)?paypal\.me\//i).replace(/^@/, '');
    links.push({
      method: 'paypal',
      label: 'Pay with PayPal',
      handle: m.paypal,
      href: `https://paypal.me/${encodeURIComponent(user)}/${amt}USD?note=${encodeURIComponent(note)}`,
    });
  }
  return links;
}

export const isMobileUserAgent = (ua: string) => /Android|iPhone|iPad|iPod|Mobile/i.test(ua);
