import type { GatedRoute } from '../../../../shared/contract/route-needs.js';

/** The store settings area (R-SET-1): two groups of cards, one sub-route each, in the spec's order. */
interface StorefrontSection {
  path: string;
  label: string;
  description: string;
  /** The route the section's page reads: only those who may call it see the section (R-RES-13). */
  route?: GatedRoute;
}

export const STOREFRONT_GROUPS: { title: string; sections: StorefrontSection[] }[] = [
  {
    title: 'My Store',
    sections: [
      { path: 'contact', label: 'Contact Information', description: 'Store name, address, e-mail and phone' },
      { path: 'sales-channels', label: 'Sales Channels', description: 'Where customers find and book you' },
      { path: 'hours', label: 'Opening Hours', description: 'Weekly hours and special days' },
      { path: 'emails', label: 'Emails', description: 'Messages sent to customers' },
    ],
  },
  {
    title: 'Settings',
    sections: [
      { path: 'business-details', label: 'Business Details', description: 'Legal name and registration' },
      { path: 'general', label: 'General', description: 'Time zone, currency and language' },
      { path: 'branding', label: 'Branding & Appearance', description: 'Accent colour of your booking page' },
      { path: 'payments', label: 'Payments', description: 'How customers pay in person' },
      { path: 'terms', label: 'Terms & Policies', description: 'Rental terms and policies' },
      { path: 'taxes', label: 'Taxes', description: 'Sales tax rate', route: 'settings.getTax' },
      {
        path: 'permissions',
        label: 'Users & Permissions',
        description: 'What employees and managers may do',
        route: 'settings.getPermissions',
      },
      { path: 'notifications', label: 'Notification Preferences', description: 'E-mail, SMS, push and in-app alerts' },
      {
        path: 'api',
        label: 'API & Webhooks',
        description: 'API keys and webhooks for your own systems',
        route: 'settings.listApiKeys',
      },
    ],
  },
];

export const ALL_SECTIONS = STOREFRONT_GROUPS.flatMap((g) => g.sections);

/** Sections that are placeholder pages (R-SET-1). */
export const PLACEHOLDER_SECTIONS = ['sales-channels', 'emails', 'business-details'] as const;

export const PLACEHOLDER_TEXT = 'This page is coming soon. Its settings will be added here later.';
