/**
 * The reports area's requests, one file each (docs/decisions/0235-web-request-files.md): `get-*.ts` holds a
 * read and its SWR hook, `<verb>-*.ts` a write and its `use<Verb><Thing>` hook, which revalidates SCHEDULES.
 */
export { type ScheduleInput, useCreateSchedule } from './create-schedule.js';
export { useDeleteSchedule } from './delete-schedule.js';
export { type ReportRequest, useReport } from './get-report.js';
export { type ReportSchedule, useSchedules } from './get-schedules.js';
export { useRunSchedule } from './run-schedule.js';
export { useSetScheduleEnabled } from './set-schedule-enabled.js';
