import useSWR from 'swr';
import type { CalendarFeedView } from '../../../../../shared/contract/calendar-feed-models.js';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';

/** Cache resource of the calendar feeds list (R-SET-8). */
export const CALENDAR_FEEDS = 'settings.calendarFeeds';
export type CalendarFeed = CalendarFeedView;

const getCalendarFeeds = () => api('settings.listCalendarFeeds').then((r) => r.feeds);

/** The organization's calendar feeds, never their addresses (shown once, at creation). */
export function useCalendarFeeds() {
  return useSWR(apiKey(CALENDAR_FEEDS), getCalendarFeeds);
}
