import { createAreaHandler, reply } from '../lib/pipeline.js';
import { notFound } from '../lib/errors.js';
import type { PublicBookingResponse } from '../../shared/contract/responses.js';
import { resolveShare, toPublicService } from './public.js';
import { toStaffService } from './service-view.js';
import { getServiceRow, listServiceRows } from './store.js';

/** Writing or deleting a service and making its share link: occasional staff actions, loaded on first use (services' cold start within 350 KB). */
const serviceDelete = () => import('./service-delete.js');
const serviceWrite = () => import('./service-write.js');
const shareLink = () => import('./share-link.js');

/** Lambda entry of the services area: staff service CRUD, share links, the public page and booking. */
export const handler = createAreaHandler('services', {
  'services.list': async ({ tenant }) => {
    const rows = await listServiceRows(tenant);
    return Promise.all(rows.map((r) => toStaffService(tenant, r)));
  },
  'services.get': async ({ tenant, params }) => {
    const row = await getServiceRow(tenant, params.id);
    if (!row) throw notFound('Service not found');
    return toStaffService(tenant, row);
  },
  'services.create': async ({ tenant, body }) => {
    const row = await (await serviceWrite()).createService(tenant, body);
    return reply(201, { ...(await toStaffService(tenant, row)), message: 'Service created successfully!' });
  },
  'services.update': async ({ tenant, params, body }) => {
    const row = await (await serviceWrite()).updateService(tenant, params.id, body);
    return { ...(await toStaffService(tenant, row)), message: 'Service updated successfully!' };
  },
  'services.delete': async ({ tenant, params }) => {
    await (await serviceDelete()).deleteService(tenant, params.id);
    return { success: true, message: 'Service deleted successfully' };
  },
  'services.generateShareLink': async ({ tenant, params }) => {
    const { shareToken, created } = await (await shareLink()).ensureShareToken(tenant, params.id);
    return reply(created ? 201 : 200, { success: true, shareToken, message: 'Share link generated successfully!' });
  },
  'services.publicGet': async ({ params }) => {
    const now = Date.now();
    const { tenant, service } = await resolveShare(params.token, now);
    return { success: true, data: await toPublicService(tenant, service, now) };
  },
  'services.publicBook': async ({ params, body, event }) => {
    // The rate limit and the booking transaction (reservation, customer, slot, log, aggregates, the
    // confirmation mail) load on the first booking, not at every cold start of the services reads
    // (docs/decisions/0132-house-lean-bundles-fourth-pass-every-api.md).
    const [{ limitBySource, PUBLIC_BOOKING_PER_SOURCE }, { bookPublicService }] = await Promise.all([
      import('../lib/rate-limit.js'),
      import('./public-booking.js'),
    ]);
    await limitBySource('booking', event, PUBLIC_BOOKING_PER_SOURCE); // docs/decisions/0151-hardening-limits-per-source-address.md
    // BookingResult types its reservation loosely; the contract's response schema checks the shape at run time.
    return reply(201, (await bookPublicService(params.token, body)) as PublicBookingResponse);
  },
  // The waitlist (R-SVC-7..R-SVC-10), loaded on first use like the booking path.
  'services.waitlistJoin': async ({ params, body, event }) => {
    // A join spends the address's booking budget: joining is asking for a place (R-SVC-8).
    const { limitBySource, PUBLIC_BOOKING_PER_SOURCE, limitedSource } = await import('../lib/rate-limit.js');
    await limitBySource('booking', event, PUBLIC_BOOKING_PER_SOURCE);
    const w = await import('./waitlist-join.js');
    // New entries per slot are limited per source address too (R-SVC-11).
    const joined = await w.joinWaitlist(params.token, body, limitedSource(event));
    return reply(joined.again ? 200 : 201, w.joinAnswer(joined));
  },
  'services.waitlistConfirm': async ({ params }) => (await import('./waitlist-confirm.js')).confirmJoin(params.token),
  'services.waitlistOffer': async ({ params }) => (await links()).readOffer(params.token),
  'services.waitlistAccept': async ({ params, body }) =>
    reply(201, (await (await links()).acceptOffer(params.token, body)) as PublicBookingResponse),
  'services.waitlistDecline': async ({ params }) => (await links()).declineOffer(params.token),
  'services.waitlistLeave': async ({ params }) => (await links()).leaveByLink(params.token),
  'services.waitlistList': async ({ tenant, params }) => (await staff()).staffWaitlist(tenant, params.id),
  'services.waitlistRemove': async ({ tenant, auth, params }) =>
    (await staff()).staffRemove(tenant, params.id, params.entryId, auth.username),
  'services.waitlistOfferByHand': async ({ tenant, params }) =>
    (await staff()).staffOffer(tenant, params.id, params.entryId),
});

const links = () => import('./waitlist-links.js');
const staff = () => import('./waitlist-staff.js');
