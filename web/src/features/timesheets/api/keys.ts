/** Cache resources of this area (one prefix, so a clock call revalidates them all). */
export const TIMESHEETS = 'timesheets';
export const MY_TIMESHEETS = 'timesheets.list';
export const MY_ACTIVE = 'timesheets.active';
export const ADMIN_EMPLOYEES = 'timesheets.adminEmployees';
export const PERFORMANCE = 'timesheets.performance';
