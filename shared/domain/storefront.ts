/**
 * The store's public face (R-SET-14..R-SET-17): limits, the payment ways a store may name and the colour rule,
 * zod-free so the SPA's settings pages and the public booking page read them without the contract's schemas.
 * shared/contract/storefront-models.ts builds the wire schemas on them.
 */

/** R-SET-14: the product has one currency and one language; the General page shows them read-only. */
export const STORE_CURRENCY = 'USD';
export const STORE_LANGUAGE = 'English';

/** R-SET-15: each policy text is plain text up to this many characters. */
export const TERMS_MAX = 5000;
/** R-SET-17: payment instructions, plain text. */
export const PAYMENT_INSTRUCTIONS_MAX = 1000;

/** R-SET-16: an accent colour is #RRGGBB, or empty for the product's own colours. */
export const ACCENT_COLOR = /^$|^#[0-9a-fA-F]{6}$/;
export const ACCENT_COLOR_MESSAGE = 'Colour must be a hex colour such as #1A73E8';

/** R-SET-17: the ways a customer may pay, all in person (no online payment processing exists). */
export const PAYMENT_METHODS = ['pay_at_store', 'cash', 'card_in_person', 'bank_transfer', 'invoice'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  pay_at_store: 'Pay at the store',
  cash: 'Cash',
  card_in_person: 'Card in person',
  bank_transfer: 'Bank transfer',
  invoice: 'Invoice',
};

/** The store's public settings with nothing saved. */
export const EMPTY_STOREFRONT = {
  rentalTerms: '',
  cancellationPolicy: '',
  accentColor: '',
  paymentMethods: [] as PaymentMethod[],
  paymentInstructions: '',
};
export type StorefrontSettings = typeof EMPTY_STOREFRONT;

/** R-SET-15: a booking must carry the customer's acceptance when the store has any terms. */
export const hasTerms = (s: Pick<StorefrontSettings, 'rentalTerms' | 'cancellationPolicy'>) =>
  !!(s.rentalTerms.trim() || s.cancellationPolicy.trim());
export const TERMS_NOT_ACCEPTED = 'Please accept the rental terms to book';
