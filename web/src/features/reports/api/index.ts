/**
 * The reports area's requests, one file each (docs/decisions/0235-web-request-files.md): `get-*.ts` holds a
 * read and its SWR hook, `<verb>-*.ts` a write and its `use<Verb><Thing>` hook, which revalidates SCHEDULES.
 */
export { createSchedule, type ScheduleInput, useCreateSchedule } from './create-schedule.js';
export { deleteSchedule, useDeleteSchedule } from './delete-schedule.js';
export { type ReportRequest, useReport } from './get-report.js';
export { type ReportSchedule, useSchedules } from './get-schedules.js';
export { REPORTS, SCHEDULES } from './keys.js';
export { runSchedule, useRunSchedule } from './run-schedule.js';
export { setScheduleEnabled, useSetScheduleEnabled } from './set-schedule-enabled.js';
