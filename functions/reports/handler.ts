import { createAreaHandler } from '../lib/pipeline.js';
import { deleteSchedule, listSchedules, updateSchedule } from './schedules.js';
import { cartUtilizationReport, customerActivityReport, employeePerformanceReport, revenueReport } from './reports.js';
import { dailyLogReport } from './daily-log.js';

/** Lambda entry of the reports area: range reports from the per-day aggregates kept on write. */
export const handler = createAreaHandler('reports', {
  'reports.dailyLog': async ({ tenant, query }) => dailyLogReport(tenant, query),
  'reports.revenue': async ({ tenant, query }) => revenueReport(tenant, query),
  'reports.employeePerformance': async ({ tenant, query }) => employeePerformanceReport(tenant, query),
  'reports.cartUtilization': async ({ tenant, query }) => cartUtilizationReport(tenant, query),
  'reports.customerActivity': async ({ tenant, query }) => customerActivityReport(tenant, query),
  'reports.schedules.list': async ({ tenant }) => listSchedules(tenant),
  // Creating classifies the recipients (staff or outside) and mails outside ones their confirmation:
  // the users' list, the template store and the mail client load on first use (./recipients.ts).
  'reports.schedules.create': async ({ tenant, auth, body }) =>
    (await import('./recipients.js')).createScheduleWithRecipients(tenant, auth, body),
  'reports.schedules.delete': async ({ tenant, params }) => deleteSchedule(tenant, params.id),
  'reports.schedules.update': async ({ tenant, params, body }) => updateSchedule(tenant, params.id, body),
  // Run now renders a file and mails it (the report model, the template store, the mail client): loaded
  // on first use, so the reads above start without it (docs/decisions/0132-house-lean-bundles-fourth-pass-every-api.md, docs/decisions/0131-house-lean-bundles-third-pass-rarely-used.md).
  'reports.schedules.run': async ({ tenant, params }) =>
    (await import('./schedule-runs.js')).runScheduleNow(tenant, params.id),
  // Public: the token names the tenant, the schedule and the address (./recipients.ts).
  'reports.mail.confirm': async ({ params }) => (await import('./recipients.js')).confirmRecipient(params.token),
  'reports.mail.unsubscribe': async ({ params }) =>
    (await import('./recipients.js')).unsubscribeRecipient(params.token),
});
