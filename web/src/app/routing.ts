import { APP_SEGMENTS as APP_SEGMENT_LIST, INFO_PAGES } from '../../../shared/reserved-paths.js';
import type { SessionState } from './session.js';

/** Public pages of the platform host (R-PLAT-2) plus the pages its links lead to. */
export type PublicPage =
  | 'landing'
  | 'login'
  | 'forgot-password'
  | 'signup'
  | 'book-demo'
  | 'setup-account'
  | 'sign-in-link'
  | 'info';

export type RouteDecision =
  | { kind: 'spinner' }
  | { kind: 'redirect'; to: string }
  | { kind: 'public'; page: PublicPage }
  /** The sign-in screen in place of a page the visitor may not see yet (the address is kept). */
  | { kind: 'login' }
  | { kind: 'service' }
  /** A report e-mail's confirm or unsubscribe link (docs/decisions/0002-report-mail-recipients.md): for anyone, signed in or not. */
  | { kind: 'report-mail' }
  /** A reminder's cancel link (docs/decisions/0233-reminder-cancel-links.md): for anyone, signed in or not. */
  | { kind: 'booking-cancel' }
  /** A new e-mail address's confirmation link (R-EMP-9): for anyone, signed in or not. */
  | { kind: 'confirm-email' }
  | { kind: 'platform' }
  /** The business app, mounted at `base` ('' on a tenant host, '/{subdomain}' in path mode). */
  | { kind: 'tenant'; base: string };

/** Info pages and app segments live in shared/reserved-paths.ts: no organization may take one as its subdomain. */
export { INFO_PAGES };
export type InfoPage = (typeof INFO_PAGES)[number];

/** First segments of the business app and the portal: a deep link to these asks for sign-in. */
const APP_SEGMENTS: ReadonlySet<string> = new Set<string>(APP_SEGMENT_LIST);

const PLATFORM_HOME = '/platform/dashboard';

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** The share page, and its waitlist confirm, offer and leave links (R-SVC-8, R-SVC-9, R-SVC-11). */
function isServicePath(segs: string[]): boolean {
  return (
    segs[0] === 'service' &&
    (segs.length === 2 || (segs.length === 4 && ['confirm', 'offer', 'leave'].includes(segs[2]!)))
  );
}

function isReportMailPath(segs: string[]): boolean {
  return segs[0] === 'report-mail' && segs.length === 3 && (segs[1] === 'confirm' || segs[1] === 'unsubscribe');
}

function isBookingCancelPath(segs: string[]): boolean {
  return segs[0] === 'booking' && segs[1] === 'cancel' && segs.length === 3;
}

function isConfirmEmailPath(segs: string[]): boolean {
  return segs[0] === 'confirm-email' && segs.length === 2;
}

function isSetupAccount(segs: string[]): boolean {
  return segs[0] === 'setup-account' && segs.length <= 2;
}

/** A locked account's mailed sign-in link (R-AUTH-6), on the platform host. */
function isSignInLink(segs: string[]): boolean {
  return segs[0] === 'sign-in-link' && segs.length === 2;
}

function anonymousOnPlatformHost(path: string): RouteDecision {
  const segs = segments(path);
  if (segs.length === 0) return { kind: 'public', page: 'landing' };
  const [first = ''] = segs;
  if (isServicePath(segs)) return { kind: 'service' };
  if (isReportMailPath(segs)) return { kind: 'report-mail' };
  if (isBookingCancelPath(segs)) return { kind: 'booking-cancel' };
  if (isConfirmEmailPath(segs)) return { kind: 'confirm-email' };
  if (isSetupAccount(segs)) return { kind: 'public', page: 'setup-account' };
  if (isSignInLink(segs)) return { kind: 'public', page: 'sign-in-link' };
  if (segs.length === 1) {
    if (first === 'login') return { kind: 'public', page: 'login' };
    if (first === 'forgot-password') return { kind: 'public', page: 'forgot-password' };
    if (first === 'signup') return { kind: 'public', page: 'signup' };
    if (first === 'book-demo') return { kind: 'public', page: 'book-demo' };
    if ((INFO_PAGES as readonly string[]).includes(first)) return { kind: 'public', page: 'info' };
  }
  // A deep link into the app (/dashboard, /platform/dashboard, /acme/inventory in path mode)
  // shows the sign-in screen; anything else is unknown and goes to the landing page.
  if (APP_SEGMENTS.has(first) || (segs.length >= 2 && APP_SEGMENTS.has(segs[1] ?? ''))) return { kind: 'login' };
  return { kind: 'redirect', to: '/' };
}

function anonymousOnTenantHost(path: string): RouteDecision {
  const segs = segments(path);
  if (isServicePath(segs)) return { kind: 'service' };
  if (isReportMailPath(segs)) return { kind: 'report-mail' };
  if (isBookingCancelPath(segs)) return { kind: 'booking-cancel' };
  if (isConfirmEmailPath(segs)) return { kind: 'confirm-email' };
  if (isSetupAccount(segs)) return { kind: 'public', page: 'setup-account' };
  // The sign-in page links here; without it the link would only show the sign-in page again.
  if (segs.length === 1 && segs[0] === 'forgot-password') return { kind: 'public', page: 'forgot-password' };
  return { kind: 'login' };
}

/**
 * The top-level routing of R-PLAT-4 as one pure decision: which screen a path gets, given
 * the host's business subdomain (null on the platform host) and the session.
 */
export function decideRoute(input: { tenant: string | null; path: string; session: SessionState }): RouteDecision {
  const { tenant, path, session } = input;
  if (session.status === 'loading') return { kind: 'spinner' };
  const segs = segments(path);
  if (session.status === 'anonymous') return tenant ? anonymousOnTenantHost(path) : anonymousOnPlatformHost(path);

  const user = session.user;
  if (isServicePath(segs)) return { kind: 'service' };
  if (isReportMailPath(segs)) return { kind: 'report-mail' };
  if (isBookingCancelPath(segs)) return { kind: 'booking-cancel' };
  // Opened while signed in (another account, or this one in a second tab): the link still signs its account in.
  if (!tenant && isSignInLink(segs)) return { kind: 'public', page: 'sign-in-link' };
  if (isConfirmEmailPath(segs)) return { kind: 'confirm-email' };
  if (user.role === 'SUPER_ADMIN') {
    return path.replace(/\/+$/, '') === PLATFORM_HOME ? { kind: 'platform' } : { kind: 'redirect', to: PLATFORM_HOME };
  }
  if (tenant) return { kind: 'tenant', base: '' };
  const sub = user.organization?.subdomain;
  if (!sub) return { kind: 'tenant', base: '' };
  if (segs[0] === sub) return { kind: 'tenant', base: `/${sub}` };
  return { kind: 'redirect', to: `/${sub}` };
}
