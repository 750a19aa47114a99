import { fromCents } from '../../shared/domain/money.js';
import { createAreaHandler, reply } from '../lib/pipeline.js';
import { actorOf } from '../reservation-rows/entity.js';
import { reservationAnswer, toView } from '../reservation-rows/view.js';
import { reservationStats } from './counts.js';
import { listReservations, reservationDetail } from './queries.js';

// The writes (create, the booking transaction, the lifecycle transitions) load on first use: a
// container serving the list, the stats and the detail never parses them (docs/decisions/0132-house-lean-bundles-fourth-pass-every-api.md).
const create = () => import('../bookings/create.js');
const lifecycle = () => import('./lifecycle.js');

/** Lambda entry of the reservations area (R-RES-2, R-RES-1; functions/reservations/*.ts). */
export const handler = createAreaHandler('reservations', {
  'reservations.statsOverview': async ({ tenant }) => reservationStats(tenant),
  'reservations.list': async ({ tenant, query }) => listReservations(tenant, query),
  'reservations.availableItems': async ({ tenant, query }) =>
    (await import('../bookings/items.js')).freeItemsAnswer(tenant, Date.parse(query.startTime), query.hours),
  'reservations.get': async ({ tenant, params }) => ({
    success: true as const,
    data: await reservationDetail(tenant, params.id),
  }),
  // The log is its own first-use chunk: the list, not the log, is what a cold start serves first.
  'reservations.logs': async ({ tenant, query }) => (await import('./log-queries.js')).listLog(tenant, query),
  'reservations.createItem': async ({ tenant, auth, body }) => {
    const { createItemReservation } = await create();
    return reply(
      201,
      reservationAnswer(await createItemReservation(tenant, auth, body), 'Reservation created successfully'),
    );
  },
  'reservations.createService': async ({ tenant, auth, body }) => {
    const { bookServiceForCustomer } = await import('./service-booking.js');
    return reply(
      201,
      reservationAnswer(
        await bookServiceForCustomer(tenant, await actorOf(tenant, auth), body),
        'Service reservation created successfully',
      ),
    );
  },
  'reservations.processReturn': async ({ tenant, auth, params, body }) => {
    const { row, charges: c } = await (await import('./return.js')).processReturn(tenant, auth, params.id, body);
    return {
      success: true as const,
      message: 'Return processed successfully',
      charges: {
        reservationDuration: c.reservationDuration,
        baseAmount: fromCents(c.baseCents),
        overageHours: c.overageHours,
        overageAmount: fromCents(c.overageCents),
        refundHours: c.refundHours,
        refundAmount: fromCents(c.refundCents),
        hourlyRate: fromCents(c.hourlyRateCents),
        subtotal: fromCents(c.subtotalCents),
        taxRate: c.taxRate,
        taxAmount: fromCents(c.taxCents),
        totalAmount: fromCents(c.totalCents),
      },
      data: toView(row),
    };
  },
  'reservations.cancel': async ({ tenant, auth, params }) => {
    const { cancelReservation } = await lifecycle();
    return reservationAnswer(
      await cancelReservation(tenant, await actorOf(tenant, auth), params.id, { tell: 'staff' }),
      'Reservation cancelled successfully',
    );
  },
  'reservations.noShow': async ({ tenant, auth, params }) => {
    const { markNoShow } = await import('./no-show.js');
    return reservationAnswer(
      await markNoShow(tenant, await actorOf(tenant, auth), params.id),
      'Reservation marked as a no-show',
    );
  },
  'reservations.reprocess': async ({ tenant, auth, params }) => {
    const { reprocessReservation } = await import('./reprocess.js');
    return reservationAnswer(
      await reprocessReservation(tenant, auth, params.id),
      'Reservation reprocessed successfully! The golf cart has been reactivated.',
    );
  },
  'reservations.restore': async ({ tenant, auth, params, body }) => {
    const { restoreReservation } = await lifecycle();
    return reservationAnswer(
      await restoreReservation(tenant, auth, params.id, body?.notes),
      'Reservation restored successfully',
    );
  },
  'reservations.publicCancelView': async ({ params }) => ({
    success: true as const,
    data: await (await import('./cancel-link.js')).publicCancelPage(params.token),
  }),
  'reservations.publicCancel': async ({ params }) => ({
    success: true as const,
    message: 'Your booking is cancelled.',
    data: await (await import('./cancel-link.js')).cancelByLink(params.token),
  }),
  'reservations.delete': async ({ tenant, auth, params }) => {
    await (await lifecycle()).deleteReservation(tenant, auth, params.id);
    return { success: true as const, message: 'Reservation deleted successfully' };
  },
  // Calendar feeds of the bookings (R-SET-8), shown on the settings' Notification Preferences, hence
  // their ids; served here because they read the reservations (docs/decisions/0260-areas-depend-one-way.md).
  // Loaded on first use, so the ical writer stays out of the cold path.
  'settings.listCalendarFeeds': async ({ tenant }) => ({
    feeds: await (await import('./calendar-feeds.js')).listCalendarFeeds(tenant),
  }),
  'settings.createCalendarFeed': async ({ tenant, auth, body }) =>
    reply(201, await (await import('./calendar-feeds.js')).createCalendarFeed(tenant, auth, body)),
  'settings.deleteCalendarFeed': async ({ tenant, auth, params }) => {
    await (await import('./calendar-feeds.js')).deleteCalendarFeed(tenant, auth, params.id);
    return { success: true, message: 'Calendar feed revoked' };
  },
  'settings.calendarFeed': async ({ params, event }) => {
    const feed = await (await import('./calendar-feed-public.js')).calendarFeed(
      params.token,
      event.headers?.['if-none-match'],
    );
    return { statusCode: feed.status, headers: feed.headers, raw: { body: feed.body } };
  },
});
