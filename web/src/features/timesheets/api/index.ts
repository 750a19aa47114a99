/**
 * The timesheets area's requests, one file each (docs/decisions/0235-web-request-files.md): `get-*.ts` holds a
 * read and its SWR hook, `<verb>-*.ts` a write and its `use<Verb><Thing>` hook.
 */
export type { EmployeeMetrics, Timesheet } from '../../../../../shared/contract/timesheet-models.js';
export { useClockIn } from './clock-in.js';
export { useClockOut } from './clock-out.js';
export { useActiveTimesheet } from './get-active-timesheet.js';
export { useAdminEmployees } from './get-admin-employees.js';
export { useMyTimesheets } from './get-my-timesheets.js';
export { usePerformance } from './get-performance.js';
export { ADMIN_EMPLOYEES, MY_ACTIVE, MY_TIMESHEETS, PERFORMANCE, TIMESHEETS } from './keys.js';
