import { createAreaHandler } from '../lib/pipeline.js';
import { paymentStats } from '../reservations/counts.js';
import { trackingBatch, updateTracking } from './tracking.js';

/** Lambda entry of the payments area: totals kept on write, service payment tracking. */
export const handler = createAreaHandler('payments', {
  'payments.statsOverview': async ({ tenant }) => paymentStats(tenant),
  'payments.trackingBatch': async ({ tenant, body }) => trackingBatch(tenant, body.reservationIds),
  'payments.trackingUpdate': async ({ tenant, auth, params, body }) =>
    updateTracking(tenant, auth, params.reservationId, body),
});
