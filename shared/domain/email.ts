/**
 * The one e-mail rule of the product (document 1 §5): something@something.something with no
 * spaces. The contract's schemas and the SPA's forms both use it, so an address the browser
 * accepts is one the server accepts.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const EMAIL_MAX_LENGTH = 254;

export function isEmail(value: string | null | undefined): boolean {
  const v = (value ?? '').trim();
  return v.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(v);
}
