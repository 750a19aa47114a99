import { createAreaHandler } from '../lib/pipeline.js';
import { createSchedule, deleteSchedule, listSchedules, updateSchedule } from './schedules.js';
import { cartUtilizationReport, customerActivityReport, dailyLogReport, employeePerformanceReport, revenueReport } from './reports.js';

/** Lambda entry of the reports area: range reports from the per-day aggregates kept on write. */
export const handler = createAreaHandler('reports', {
  'reports.dailyLog': async ({ tenant, query }) => dailyLogReport(tenant, query),
  'reports.revenue': async ({ tenant, query }) => revenueReport(tenant, query),
  'reports.employeePerformance': async ({ tenant, query }) => employeePerformanceReport(tenant, query),
  'reports.cartUtilization': async ({ tenant, query }) => cartUtilizationReport(tenant, query),
  'reports.customerActivity': async ({ tenant, query }) => customerActivityReport(tenant, query),
  'reports.schedules.list': async ({ tenant }) => listSchedules(tenant),
  'reports.schedules.create': async ({ tenant, body }) => createSchedule(tenant, body),
  'reports.schedules.delete': async ({ tenant, params }) => deleteSchedule(tenant, params.id),
  'reports.schedules.update': async ({ tenant, params, body }) => updateSchedule(tenant, params.id, body),
  // Run now renders a file and mails it (the report model, the template store, the mail client): loaded
  // on first use, so the reads above start without it (issue 9 item 6, docs/decisions.md).
  'reports.schedules.run': async ({ tenant, params }) => (await import('./schedule-runs.js')).runScheduleNow(tenant, params.id),
});
