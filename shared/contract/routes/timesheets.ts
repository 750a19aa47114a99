import { route } from '../types.js';
import { idParam } from '../common.js';
import {
  activeTimesheetResponse,
  adminEmployeesResponse,
  clockBody,
  clockResponse,
  performanceResponse,
  timesheetListResponse,
} from '../timesheet-models.js';

const u = { access: 'user' } as const;
/** The timesheets area's routes (functions/timesheets). */
export const timesheetsRoutes = [
  route({
    ...u,
    area: 'timesheets',
    id: 'timesheets.list',
    personOnly: true, // the caller's own sessions: an API key is nobody (R-SET-9)
    method: 'GET',
    path: '/api/timesheets',
    permission: 'timesheets.view',
    response: timesheetListResponse,
    summary: 'My timesheets (newest first) and my summary figures',
  }),
  route({
    ...u,
    area: 'timesheets',
    id: 'timesheets.active',
    personOnly: true, // the caller's own sessions: an API key is nobody (R-SET-9)
    method: 'GET',
    path: '/api/timesheets/active',
    permission: 'timesheets.view',
    response: activeTimesheetResponse,
    summary: 'My open session',
  }),
  route({
    ...u,
    area: 'timesheets',
    id: 'timesheets.clockIn',
    personOnly: true, // the caller's own sessions: an API key is nobody (R-SET-9)
    method: 'POST',
    path: '/api/timesheets/clock-in',
    permission: 'timesheets.clockInOut',
    body: clockBody,
    response: clockResponse,
    idempotent: true,
    summary: 'Clock in',
  }),
  route({
    ...u,
    area: 'timesheets',
    id: 'timesheets.clockOut',
    personOnly: true, // the caller's own sessions: an API key is nobody (R-SET-9)
    method: 'POST',
    path: '/api/timesheets/clock-out',
    permission: 'timesheets.clockInOut',
    body: clockBody,
    response: clockResponse,
    summary: 'Clock out',
  }),
  route({
    ...u,
    area: 'timesheets',
    id: 'timesheets.adminEmployees',
    method: 'GET',
    path: '/api/timesheets/admin/employees',
    capability: 'viewEmployees',
    permission: 'timesheets.approve',
    response: adminEmployeesResponse,
    summary: 'Employees with time and booking metrics',
  }),
  route({
    ...u,
    area: 'timesheets',
    id: 'timesheets.performance',
    method: 'GET',
    path: '/api/users/{id}/performance',
    capability: 'viewEmployees',
    permission: 'userManagement.viewUsers',
    params: idParam,
    response: performanceResponse,
    summary: 'Employee performance from their timesheets (functions/timesheets)',
  }),
] as const;
