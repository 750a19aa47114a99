/**
 * The product's own top-level paths, declared once (docs/decisions/0161-hardening-reserved-tenant-names.md). The SPA's router reads its
 * page lists from here (web/src/app/routing.ts), CloudFront sends the API prefixes to the API
 * (infra/web.ts), and no organization may get one of these as its subdomain or, in path mode, as
 * its tenant path (`/{subdomain}/…`). shared/reserved-paths.test.ts checks that every literal path
 * in the router and every contract route's prefix is listed, so a new page can't be forgotten.
 */

/** First segments of every contract route (`/api/…`, `/public/…`). */
export const API_PREFIXES = ['api', 'public'] as const;

/** Placeholder pages without content (R-PLAT-10) and the landing footer's pages. */
export const INFO_PAGES = [
  'demo',
  'contact',
  'features',
  'pricing',
  'security',
  'integrations',
  'docs',
  'help',
  'status',
  'about',
  'careers',
  'privacy',
  'terms',
] as const;

/** Public pages of the platform host that are not info pages. */
const PUBLIC_PAGES = [
  'login',
  'forgot-password',
  'signup',
  'book-demo',
  'setup-account',
  'service',
  'report-mail',
  // A reminder's cancel link (docs/decisions/0233-reminder-cancel-links.md): /booking/cancel/{token}
  'booking',
  // A new e-mail address's confirmation link (R-EMP-9): /confirm-email/{token}
  'confirm-email',
  // A locked account's one-time sign-in link (R-AUTH-6): /sign-in-link/{token}
  'sign-in-link',
] as const;

/** First segments of the business app and the portal: a deep link to these asks for sign-in. */
export const APP_SEGMENTS = [
  'admin',
  'platform',
  'dashboard',
  'inventory',
  'customers',
  'reservations',
  'timesheets',
  'employees',
  'reports',
  'storefront',
] as const;

/** Host labels and files the platform keeps for itself (static assets, mail, the bare app names). */
const PLATFORM_LABELS = [
  'www',
  'app',
  'mail',
  'static',
  'assets',
  'localhost',
  'index',
  'favicon',
  'robots',
  'sitemap',
  'health',
  'auth',
  'logout',
  'forgot',
  'reset-password',
  'verify',
  'billing',
  'support',
  'blog',
  'settings',
  'account',
  'profile',
] as const;

/** Every label that can never be an organization's subdomain or tenant path. */
export const RESERVED_PATHS: ReadonlySet<string> = new Set<string>([
  ...API_PREFIXES,
  ...INFO_PAGES,
  ...PUBLIC_PAGES,
  ...APP_SEGMENTS,
  ...PLATFORM_LABELS,
]);
