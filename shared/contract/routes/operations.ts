import * as z from '../../zod.js';
import { route } from '../types.js';
import { dateRangeQuery, idParam } from '../common.js';
import {
  availableItemsQuery, availableItemsResponse, itemReservationBody, logQuery, paymentStatsResponse, reservationDetailEnvelope, reservationEnvelope,
  reservationListQuery, reservationListResponse, reservationLogResponse, reservationStatsResponse, restoreBody, returnBody, returnResponse,
  serviceReservationBody, trackingBody, trackingView,
} from '../reservation-models.js';
import { activeTimesheetResponse, adminEmployeesResponse, clockBody, clockResponse, timesheetListResponse } from '../timesheet-models.js';
import { cartUtilizationResponse, customerActivityResponse, dailyLogResponse, employeePerformanceResponse, revenueResponse } from '../report-models.js';
import { reportScheduleBody, reportScheduleDeleteResponse, reportScheduleListResponse, reportScheduleResponse, reportScheduleRunResponse, reportScheduleUpdateBody } from '../report-schedule-models.js';
import { customerDetailResponse, customerListQuery, customerListResponse, customerStatsResponse } from '../customer-models.js';

const u = { access: 'user' } as const;
export const operationsRoutes = [
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
  // Customers
  route({ ...u, area: 'customers', id: 'customers.statsOverview', method: 'GET', path: '/api/customers/stats/overview', permission: 'dashboard.viewStats', response: customerStatsResponse, summary: 'Customer count (kept on write)' }),
  route({ ...u, area: 'customers', id: 'customers.list', method: 'GET', path: '/api/customers', permission: 'customers.view', query: customerListQuery, response: customerListResponse, summary: 'Customers, 20 per page, newest first; search by name, phone or e-mail prefix' }),
  route({ ...u, area: 'customers', id: 'customers.get', method: 'GET', path: '/api/customers/{id}', permission: 'customers.view', params: idParam, response: customerDetailResponse, summary: 'A customer with reservations' }),
  // Payments (functions/payments)
  route({ ...u, area: 'payments', id: 'payments.statsOverview', method: 'GET', path: '/api/payments/stats/overview', permission: 'dashboard.viewStats', response: paymentStatsResponse, summary: 'Payment totals' }),
  route({ ...u, area: 'payments', id: 'payments.trackingBatch', method: 'POST', path: '/api/payments/service-tracking/batch', permission: 'payments.viewHistory', body: z.object({ reservationIds: z.array(z.string().check(z.minLength(1), z.maxLength(128))).check(z.maxLength(500)) }), response: z.record(z.string(), trackingView), summary: 'Paid flags for service reservations' }),
  route({ ...u, area: 'payments', id: 'payments.trackingUpdate', method: 'PUT', path: '/api/payments/service-tracking/{reservationId}', permission: 'payments.takePayment', params: z.object({ reservationId: z.string().check(z.minLength(1), z.maxLength(128)) }), body: trackingBody, response: z.extend(trackingView, { reservationId: z.string() }), idempotent: true, summary: 'Mark a service reservation paid or unpaid' }),
  // Reports
  route({ ...u, area: 'reports', id: 'reports.dailyLog', method: 'GET', path: '/api/reports/daily-log', permission: 'reports.view', query: z.object({ date: z.optional(z.string().check(z.maxLength(40))) }), response: dailyLogResponse, summary: 'Reservations of a day in the organization\'s zone' }),
  route({ ...u, area: 'reports', id: 'reports.revenue', method: 'GET', path: '/api/reports/revenue', permission: 'reports.view', query: dateRangeQuery, response: revenueResponse, summary: 'Revenue report' }),
  route({ ...u, area: 'reports', id: 'reports.employeePerformance', method: 'GET', path: '/api/reports/employee-performance', permission: 'reports.view', query: dateRangeQuery, response: employeePerformanceResponse, summary: 'Employee performance' }),
  route({ ...u, area: 'reports', id: 'reports.cartUtilization', method: 'GET', path: '/api/reports/cart-utilization', permission: 'reports.view', query: dateRangeQuery, response: cartUtilizationResponse, summary: 'Item utilisation' }),
  route({ ...u, area: 'reports', id: 'reports.customerActivity', method: 'GET', path: '/api/reports/customer-activity', permission: 'reports.view', query: dateRangeQuery, response: customerActivityResponse, summary: 'Top customers' }),
  route({ ...u, area: 'reports', id: 'reports.schedules.list', method: 'GET', path: '/api/reports/schedules', permission: 'reports.generate', response: reportScheduleListResponse, summary: 'Scheduled reports of the organization', beyondSpec: 'Schedules really run (issue 18): they are kept per tenant instead of in browser memory' }),
  route({ ...u, area: 'reports', id: 'reports.schedules.create', method: 'POST', path: '/api/reports/schedules', permission: 'reports.generate', body: reportScheduleBody, response: reportScheduleResponse, summary: 'Create a scheduled report', beyondSpec: 'Schedules really run (issue 18): they are kept per tenant instead of in browser memory' }),
  route({ ...u, area: 'reports', id: 'reports.schedules.delete', method: 'DELETE', path: '/api/reports/schedules/{id}', permission: 'reports.generate', params: idParam, response: reportScheduleDeleteResponse, summary: 'Delete a scheduled report', beyondSpec: 'Schedules really run (issue 18): they are kept per tenant instead of in browser memory' }),
  route({ ...u, area: 'reports', id: 'reports.schedules.update', method: 'PATCH', path: '/api/reports/schedules/{id}', permission: 'reports.generate', params: idParam, body: reportScheduleUpdateBody, response: reportScheduleResponse, summary: 'Enable or disable a scheduled report', beyondSpec: 'Schedules really run (issue 18): Active/Disabled is kept server side' }),
  route({ ...u, area: 'reports', id: 'reports.schedules.run', method: 'POST', path: '/api/reports/schedules/{id}/run', permission: 'reports.generate', params: idParam, response: reportScheduleRunResponse, summary: 'Run a scheduled report now: e-mail its report with the file attached', beyondSpec: 'The manual trigger really sends (issue 18) through the same code as the sweep' }),
  // Timesheets
  route({ ...u, area: 'timesheets', id: 'timesheets.list', method: 'GET', path: '/api/timesheets', permission: 'timesheets.view', response: timesheetListResponse, summary: 'My timesheets (newest first) and my summary figures' }),
  route({ ...u, area: 'timesheets', id: 'timesheets.active', method: 'GET', path: '/api/timesheets/active', permission: 'timesheets.view', response: activeTimesheetResponse, summary: 'My open session' }),
  route({ ...u, area: 'timesheets', id: 'timesheets.clockIn', method: 'POST', path: '/api/timesheets/clock-in', permission: 'timesheets.clockInOut', body: clockBody, response: clockResponse, idempotent: true, summary: 'Clock in' }),
  route({ ...u, area: 'timesheets', id: 'timesheets.clockOut', method: 'POST', path: '/api/timesheets/clock-out', permission: 'timesheets.clockInOut', body: clockBody, response: clockResponse, summary: 'Clock out' }),
  route({ ...u, area: 'timesheets', id: 'timesheets.adminEmployees', method: 'GET', path: '/api/timesheets/admin/employees', capability: 'viewEmployees', permission: 'timesheets.approve', response: adminEmployeesResponse, summary: 'Employees with time and booking metrics' }),
] as const;
