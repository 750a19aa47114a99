import * as z from '../../zod.js';
import { route } from '../types.js';
import { dateRangeQuery, idParam } from '../common.js';
import { cartUtilizationResponse, customerActivityResponse, dailyLogResponse, employeePerformanceResponse, revenueResponse } from '../report-models.js';
import { reportMailLinkResponse, reportMailTokenParams, reportScheduleBody, reportScheduleDeleteResponse, reportScheduleListResponse, reportScheduleResponse, reportScheduleRunResponse, reportScheduleUpdateBody } from '../report-schedule-models.js';

const u = { access: 'user' } as const;
/** The reports area's routes (functions/reports). */
export const reportsRoutes = [
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
  route({ access: 'public', area: 'reports', id: 'reports.mail.confirm', method: 'POST', path: '/public/report-mail/confirm/{token}', params: reportMailTokenParams, response: reportMailLinkResponse, summary: 'An outside recipient confirms it wants a scheduled report (double opt-in)', beyondSpec: 'Report mail goes only where it should (issue 22 item 6)' }),
  // RFC 8058 one-click: the mail client POSTs `List-Unsubscribe=One-Click` (form-encoded, ignored: the route takes no body).
  route({ access: 'public', area: 'reports', id: 'reports.mail.unsubscribe', method: 'POST', path: '/public/report-mail/unsubscribe/{token}', params: reportMailTokenParams, response: reportMailLinkResponse, summary: 'One-click unsubscribe from a scheduled report (List-Unsubscribe-Post)', beyondSpec: 'Report mail goes only where it should (issue 22 item 6)' }),
] as const;
