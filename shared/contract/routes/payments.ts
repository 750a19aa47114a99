import * as z from '../../zod.js';
import { route } from '../types.js';
import { paymentStatsResponse, trackingView } from '../reservation-models.js';
import { trackingBody } from '../reservation-request-models.js';

const u = { access: 'user' } as const;
/** The payments area's routes (functions/payments). */
export const paymentsRoutes = [
  route({
    ...u,
    area: 'payments',
    id: 'payments.statsOverview',
    method: 'GET',
    path: '/api/payments/stats/overview',
    permission: 'dashboard.viewStats',
    response: paymentStatsResponse,
    summary: 'Payment totals',
  }),
  route({
    ...u,
    area: 'payments',
    id: 'payments.trackingBatch',
    method: 'POST',
    path: '/api/payments/service-tracking/batch',
    permission: 'payments.viewHistory',
    body: z.object({
      reservationIds: z
        .array(z.string().check(z.singleLine(), z.minLength(1), z.maxLength(128)))
        .check(z.maxLength(500)),
    }),
    response: z.record(z.string(), trackingView),
    summary: 'Paid flags for service reservations',
  }),
  route({
    ...u,
    area: 'payments',
    id: 'payments.trackingUpdate',
    method: 'PUT',
    path: '/api/payments/service-tracking/{reservationId}',
    permission: 'payments.takePayment',
    params: z.object({ reservationId: z.string().check(z.singleLine(), z.minLength(1), z.maxLength(128)) }),
    body: trackingBody,
    response: z.extend(trackingView, { reservationId: z.string() }),
    idempotent: true,
    summary: 'Mark a service reservation paid or unpaid',
  }),
] as const;
