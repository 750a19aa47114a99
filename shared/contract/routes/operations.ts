import { z } from 'zod';
import { route } from '../types.js';
import { dateRangeQuery, idParam, looseNumber, pageQuery } from '../common.js';

const reservationCustomer = z.object({
  firstName: z.string().trim().min(1, 'First name is required').max(100),
  lastName: z.string().trim().min(1, 'Last name is required').max(100),
  phone: z.string().trim().min(1, 'Phone number is required').max(40),
  address: z.string().max(500).optional().nullable(),
  email: z.string().trim().max(254).optional().nullable(),
});
const itemReservationBody = z.object({
  customer: reservationCustomer,
  reservation: z.object({
    startTime: z.string().min(1).max(40),
    reservationDuration: looseNumber.pipe(z.number().positive().max(24 * 365)),
    inventoryItemId: z.string().min(1).max(128),
    depositAmount: looseNumber.optional().nullable(),
    depositType: z.object({ cash: z.boolean().optional(), credit: z.boolean().optional() }).optional(),
    paymentId: z.string().max(200).optional().nullable(),
    notes: z.string().max(5000).optional().nullable(),
  }),
});
const serviceReservationBody = z.object({
  customer: reservationCustomer,
  reservation: z.object({
    serviceId: z.string().min(1).max(128),
    availabilitySlots: z.array(z.object({ date: z.string().max(40), startTime: z.string().max(10), endTime: z.string().max(10) })).min(1).max(50),
    depositAmount: looseNumber.optional().nullable(),
    depositType: z.object({ cash: z.boolean().optional(), credit: z.boolean().optional() }).optional(),
    paymentId: z.string().max(200).optional().nullable(),
    notes: z.string().max(5000).optional().nullable(),
  }),
});
const returnBody = z.object({
  actualReturnTime: z.string().min(1).max(40),
  notes: z.string().max(5000).optional().nullable(),
  refund: z.object({
    hours: looseNumber.optional().nullable(),
    amount: looseNumber.optional().nullable(),
    paymentId: z.string().max(200).optional().nullable(),
    cash: z.boolean().optional(),
    credit: z.boolean().optional(),
    manualEntry: z.boolean().optional(),
  }).optional().nullable(),
});
const trackingBody = z.object({ isPaid: z.boolean(), amount: looseNumber.optional().nullable(), source: z.string().max(100).optional().nullable() });

const u = { access: 'user' } as const;
export const operationsRoutes = [
  // Reservations
  route({ ...u, area: 'reservations', id: 'reservations.statsOverview', method: 'GET', path: '/api/reservations/integration/stats/overview', permission: 'dashboard.viewStats', summary: 'Reservation counts' }),
  route({
    ...u, area: 'reservations', id: 'reservations.list', method: 'GET', path: '/api/reservations/integration/all', permission: 'reservations.view',
    query: dateRangeQuery.extend({ status: z.string().max(40).optional(), limit: z.coerce.number().int().min(1).max(1000).optional(), includeCompleted: z.string().max(10).optional() }),
    summary: 'Reservations by status and date',
  }),
  route({ ...u, area: 'reservations', id: 'reservations.get', method: 'GET', path: '/api/reservations/integration/{id}', permission: 'reservations.view', params: idParam, summary: 'One reservation' }),
  route({
    ...u, area: 'reservations', id: 'reservations.logs', method: 'GET', path: '/api/reservations/logs/', permission: 'reservations.view',
    query: pageQuery.extend({ action: z.string().max(40).optional(), employeeId: z.string().max(128).optional(), reservationId: z.string().max(128).optional() }),
    summary: 'Reservation log',
  }),
  route({ ...u, area: 'reservations', id: 'reservations.createItem', method: 'POST', path: '/api/reservations/items/create', permission: 'reservations.create', body: itemReservationBody, summary: 'Reserve an inventory item' }),
  route({ ...u, area: 'reservations', id: 'reservations.createService', method: 'POST', path: '/api/reservations/services/create', permission: 'serviceBookings.process', body: serviceReservationBody, summary: 'Book a service for a customer' }),
  route({ ...u, area: 'reservations', id: 'reservations.processReturn', method: 'POST', path: '/api/reservations/processing/{id}/return', capability: 'processReturns', permission: 'reservations.processReturn', params: idParam, body: returnBody, summary: 'Return and charge' }),
  route({ ...u, area: 'reservations', id: 'reservations.cancel', method: 'POST', path: '/api/reservations/processing/{id}/cancel', permission: 'reservations.cancel', params: idParam, summary: 'Cancel an active reservation' }),
  route({ ...u, area: 'reservations', id: 'reservations.reprocess', method: 'POST', path: '/api/reservations/processing/{id}/reprocess', capability: 'processReturns', permission: 'reservations.reprocess', params: idParam, summary: 'Reprocess a completed reservation' }),
  route({ ...u, area: 'reservations', id: 'reservations.restore', method: 'POST', path: '/api/reservations/processing/{id}/restore', capability: 'processReturns', permission: 'reservations.edit', params: idParam, body: z.object({ notes: z.string().max(5000).optional().nullable() }).optional(), summary: 'Restore a cancelled reservation' }),
  route({ ...u, area: 'reservations', id: 'reservations.delete', method: 'DELETE', path: '/api/reservations/processing/{id}', capability: 'processReturns', permission: 'reservations.edit', params: idParam, summary: 'Delete a completed or cancelled reservation' }),
  // Customers
  route({ ...u, area: 'customers', id: 'customers.statsOverview', method: 'GET', path: '/api/customers/stats/overview', permission: 'dashboard.viewStats', summary: 'Customer count' }),
  route({ ...u, area: 'customers', id: 'customers.list', method: 'GET', path: '/api/customers', permission: 'customers.view', query: pageQuery.extend({ search: z.string().max(200).optional() }), summary: 'Customers, 20 per page' }),
  route({ ...u, area: 'customers', id: 'customers.get', method: 'GET', path: '/api/customers/{id}', permission: 'customers.view', params: idParam, summary: 'A customer with reservations' }),
  // Payments
  route({ ...u, area: 'payments', id: 'payments.statsOverview', method: 'GET', path: '/api/payments/stats/overview', permission: 'dashboard.viewStats', summary: 'Payment totals' }),
  route({ ...u, area: 'payments', id: 'payments.trackingBatch', method: 'POST', path: '/api/payments/service-tracking/batch', permission: 'payments.viewHistory', body: z.object({ reservationIds: z.array(z.string().min(1).max(128)).max(500) }), summary: 'Paid flags for service reservations' }),
  route({ ...u, area: 'payments', id: 'payments.trackingUpdate', method: 'PUT', path: '/api/payments/service-tracking/{reservationId}', permission: 'payments.takePayment', params: z.object({ reservationId: z.string().min(1).max(128) }), body: trackingBody, summary: 'Mark a service reservation paid or unpaid' }),
  // Reports
  route({ ...u, area: 'reports', id: 'reports.dailyLog', method: 'GET', path: '/api/reports/daily-log', permission: 'reports.view', query: z.object({ date: z.string().max(40).optional() }), summary: 'Reservations of a day' }),
  route({ ...u, area: 'reports', id: 'reports.revenue', method: 'GET', path: '/api/reports/revenue', permission: 'reports.view', query: dateRangeQuery, summary: 'Revenue report' }),
  route({ ...u, area: 'reports', id: 'reports.employeePerformance', method: 'GET', path: '/api/reports/employee-performance', permission: 'reports.view', query: dateRangeQuery, summary: 'Employee performance' }),
  route({ ...u, area: 'reports', id: 'reports.cartUtilization', method: 'GET', path: '/api/reports/cart-utilization', permission: 'reports.view', query: dateRangeQuery, summary: 'Item utilisation' }),
  route({ ...u, area: 'reports', id: 'reports.customerActivity', method: 'GET', path: '/api/reports/customer-activity', permission: 'reports.view', query: dateRangeQuery, summary: 'Top customers' }),
  // Timesheets
  route({ ...u, area: 'timesheets', id: 'timesheets.list', method: 'GET', path: '/api/timesheets', permission: 'timesheets.view', summary: 'My timesheets' }),
  route({ ...u, area: 'timesheets', id: 'timesheets.active', method: 'GET', path: '/api/timesheets/active', permission: 'timesheets.view', summary: 'My open session' }),
  route({ ...u, area: 'timesheets', id: 'timesheets.clockIn', method: 'POST', path: '/api/timesheets/clock-in', permission: 'timesheets.clockInOut', body: z.object({ notes: z.string().max(2000).optional().nullable(), latitude: z.number().min(-90).max(90).optional(), longitude: z.number().min(-180).max(180).optional() }), summary: 'Clock in' }),
  route({ ...u, area: 'timesheets', id: 'timesheets.clockOut', method: 'POST', path: '/api/timesheets/clock-out', permission: 'timesheets.clockInOut', body: z.object({ notes: z.string().max(2000).optional().nullable(), latitude: z.number().min(-90).max(90).optional(), longitude: z.number().min(-180).max(180).optional() }), summary: 'Clock out' }),
  route({ ...u, area: 'timesheets', id: 'timesheets.adminEmployees', method: 'GET', path: '/api/timesheets/admin/employees', capability: 'viewEmployees', permission: 'timesheets.approve', summary: 'Employees with time and booking metrics' }),
] as const;
