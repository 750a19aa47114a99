/**
 * The zone every screen reads times in: the organization's, from the session (the sign-in answer's
 * `organization.timeZone`), never the browser's (docs/decisions/0008-one-time-zone.md). An organization that recorded
 * none, or a platform user without one, reads the product's default zone, which is also what the
 * server uses then (functions/lib/organization.ts).
 */
import { useMemo } from 'react';
import { DEFAULT_TIME_ZONE, isValidTimeZone } from '../../../shared/domain/time.js';
import { formatDate, formatDateTime, formatTime } from '../components/format.js';
import { useOptionalSession } from './SessionProvider.js';

export function zoneOf(user: { organization?: { timeZone?: unknown } | null } | null | undefined): string {
  const z = user?.organization?.timeZone;
  return isValidTimeZone(z) ? z : DEFAULT_TIME_ZONE;
}

/** The organization's IANA zone (the default zone before sign-in, or outside a session provider). */
export function useOrgTimeZone(): string {
  const session = useOptionalSession()?.session;
  return zoneOf(session?.status === 'authenticated' ? session.user : null);
}

/** The zone this browser's clock runs in. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a reader of this browser could doubt which clock a time is in: the browser's zone is not
 * `zone` (a manager's laptop in UTC, the shop in New York). Screens then name the zone next to times.
 */
export function zoneDiffersFromBrowser(zone: string): boolean {
  return browserTimeZone() !== zone;
}

export interface OrgClock {
  zone: string;
  /** Name the zone next to times: this browser runs on another clock. */
  named: boolean;
  dateTime(value: string | number | Date | null | undefined): string;
  date(value: string | number | Date | null | undefined): string;
  time(value: string | number | Date | null | undefined): string;
}

/** Formatters bound to the organization's zone, naming it when this browser's clock differs. */
export function useOrgClock(): OrgClock {
  const zone = useOrgTimeZone();
  return useMemo(() => {
    const named = zoneDiffersFromBrowser(zone);
    return {
      zone,
      named,
      dateTime: (v) => formatDateTime(v, zone, { zoneName: named }),
      date: (v) => formatDate(v, zone),
      time: (v) => formatTime(v, zone, { zoneName: named }),
    };
  }, [zone]);
}
