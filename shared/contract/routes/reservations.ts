import * as z from '../../zod.js';
import { route } from '../types.js';
import { idParam } from '../common.js';
import { availableItemsQuery, availableItemsResponse, itemReservationBody, logQuery, reservationDetailEnvelope, reservationEnvelope, reservationListQuery, reservationListResponse, reservationLogResponse, reservationStatsResponse, restoreBody, returnBody, returnResponse, serviceReservationBody } from '../reservation-models.js';

const u = { access: 'user' } as const;
/** The reservations area's routes (functions/reservations). */
export const reservationsRoutes = [
  // Reservations (functions/reservations; document 3 §3-§7)
  route({ ...u, area: 'reservations', id: 'reservations.statsOverview', method: 'GET', path: '/api/reservations/integration/stats/overview', permission: 'dashboard.viewStats', response: reservationStatsResponse, summary: 'Reservation counts' }),
  route({
    ...u, area: 'reservations', id: 'reservations.list', method: 'GET', path: '/api/reservations/integration/all', permission: 'reservations.view',
    query: reservationListQuery, response: reservationListResponse,
    summary: 'Reservations by status and date, 25 a page with a cursor, chip counts',
  }),
  route({
    ...u, area: 'reservations', id: 'reservations.availableItems', method: 'GET', path: '/api/reservations/available-items', permission: 'reservations.create',
    query: availableItemsQuery, response: availableItemsResponse, summary: 'Items free at a time for some hours',
    beyondSpec: 'The create dialog offers only items free at the chosen time (no double booking); GET /api/inventory/items?status=AVAILABLE cannot know future bookings',
  }),
  route({ ...u, area: 'reservations', id: 'reservations.get', method: 'GET', path: '/api/reservations/integration/{id}', permission: 'reservations.view', params: idParam, response: reservationDetailEnvelope, summary: 'One reservation with its payments' }),
  route({
    ...u, area: 'reservations', id: 'reservations.logs', method: 'GET', path: '/api/reservations/logs/', permission: 'reservations.view',
    query: logQuery, response: reservationLogResponse,
    summary: 'Reservation log',
  }),
  route({ ...u, area: 'reservations', id: 'reservations.createItem', method: 'POST', path: '/api/reservations/items/create', permission: 'reservations.create', body: itemReservationBody, response: reservationEnvelope, idempotent: true, summary: 'Reserve an inventory item' }),
  route({ ...u, area: 'reservations', id: 'reservations.createService', method: 'POST', path: '/api/reservations/services/create', permission: 'serviceBookings.process', body: serviceReservationBody, response: reservationEnvelope, idempotent: true, summary: 'Book a service for a customer' }),
  route({ ...u, area: 'reservations', id: 'reservations.processReturn', method: 'POST', path: '/api/reservations/processing/{id}/return', capability: 'processReturns', permission: 'reservations.processReturn', params: idParam, body: returnBody, response: returnResponse, idempotent: true, summary: 'Return and charge' }),
  route({ ...u, area: 'reservations', id: 'reservations.cancel', method: 'POST', path: '/api/reservations/processing/{id}/cancel', permission: 'reservations.cancel', params: idParam, response: reservationEnvelope, summary: 'Cancel an active reservation' }),
  route({ ...u, area: 'reservations', id: 'reservations.reprocess', method: 'POST', path: '/api/reservations/processing/{id}/reprocess', capability: 'processReturns', permission: 'reservations.reprocess', params: idParam, response: reservationEnvelope, summary: 'Reprocess a completed reservation' }),
  route({ ...u, area: 'reservations', id: 'reservations.restore', method: 'POST', path: '/api/reservations/processing/{id}/restore', capability: 'processReturns', permission: 'reservations.edit', params: idParam, body: z.optional(restoreBody), response: reservationEnvelope, summary: 'Restore a cancelled reservation' }),
  route({ ...u, area: 'reservations', id: 'reservations.delete', method: 'DELETE', path: '/api/reservations/processing/{id}', capability: 'processReturns', permission: 'reservations.edit', params: idParam, response: z.object({ success: z.literal(true), message: z.string() }), summary: 'Delete a completed or cancelled reservation' }),
] as const;
