import type { ContactFieldName } from '../../../../shared/domain/settings.js';

/** The contact fields in the order the page shows them (R-SET-1). */
export const CONTACT_FIELDS: { name: ContactFieldName; label: string; type?: string; placeholder?: string }[] = [
  { name: 'storeName', label: 'Store Name' },
  { name: 'streetAddress', label: 'Street Address' },
  { name: 'city', label: 'City' },
  { name: 'zipCode', label: 'ZIP Code' },
  { name: 'emailAddress', label: 'Email Address', type: 'email' },
  { name: 'phoneNumber', label: 'Phone Number', type: 'tel', placeholder: '(555) 123-4567' },
];
