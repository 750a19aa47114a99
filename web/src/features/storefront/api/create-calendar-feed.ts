import type { z } from 'zod';
import type { calendarFeedBody } from '../../../../../shared/contract/calendar-feed-models.js';
import { api } from '../../../api/client.js';
import { type MutationTexts, useMutationAction } from '../../../api/mutation.js';
import { useSubmissionKey } from '../../../api/submission-key.js';
import { CALENDAR_FEEDS } from './get-calendar-feeds.js';

type CalendarFeedForm = z.input<typeof calendarFeedBody>;

/** Answers `{id, url}`: the feed's secret address, which the server never answers again (R-SET-8). */
export const createCalendarFeed = (body: CalendarFeedForm, idempotencyKey: string) =>
  api('settings.createCalendarFeed', { body, idempotencyKey });

/** Sent under the form's submission key: a retry of the same feed is the same request. */
export function useCreateCalendarFeed(
  texts: MutationTexts<[CalendarFeedForm], Awaited<ReturnType<typeof createCalendarFeed>>>,
) {
  const submission = useSubmissionKey();
  return useMutationAction((body: CalendarFeedForm) => submission.send(body, (key) => createCalendarFeed(body, key)), {
    ...texts,
    revalidate: [CALENDAR_FEEDS],
  });
}
