import type { CustomerView } from '../../../../shared/contract/customer-models.js';
import { pluralize } from '../../../../shared/domain/words.js';

/** Two letters for the avatar: first and last initials. */
export function initials(c: Pick<CustomerView, 'firstName' | 'lastName'>): string {
  const a = c.firstName.trim().charAt(0);
  const b = c.lastName.trim().charAt(0);
  return `${a}${b}`.toUpperCase() || '?';
}

export const fullName = (c: Pick<CustomerView, 'firstName' | 'lastName'>) => `${c.firstName} ${c.lastName}`.trim();

/** The count header: '1 customer', '42 customers', or the matches of a search. */
export function countHeader(total: number, search: string): string {
  const counted = pluralize(total, 'customer', undefined, String);
  return search.trim() ? `${counted} matching "${search.trim()}"` : counted;
}

export const NO_CUSTOMERS_TITLE = 'No Customers Found';
export const NO_CUSTOMERS_TEXT = 'Customers appear here when they book a service or a reservation is made for them.';
export const noMatchText = (search: string) =>
  `No customers match "${search.trim()}". Try a name, phone number or e-mail address.`;
export const LOAD_ERROR = 'Failed to load customers';
export const DETAIL_ERROR = 'Failed to load customer details';
