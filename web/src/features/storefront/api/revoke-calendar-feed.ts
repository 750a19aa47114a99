import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { CALENDAR_FEEDS, type CalendarFeed } from './get-calendar-feeds.js';

export const revokeCalendarFeed = (id: string) => api('settings.deleteCalendarFeed', { params: { id } });

/** Takes the feed (its toasts may name it); sends its id. */
export function useRevokeCalendarFeed(
  texts: MutationTexts<[CalendarFeed], Awaited<ReturnType<typeof revokeCalendarFeed>>>,
) {
  return useMutationAction((feed: CalendarFeed) => revokeCalendarFeed(feed.id), {
    ...texts,
    revalidate: [CALENDAR_FEEDS],
  });
}
