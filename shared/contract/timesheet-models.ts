import { z } from 'zod';

/** Document 3 §3 (Timesheet, Employee metrics, Performance) and §7 (clock calls). */
export const clockBody = z.object({
  notes: z.string().max(2000).optional().nullable(),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
});

export const TIMESHEET_MESSAGES = {
  alreadyIn: 'You are already clocked in',
  notIn: 'You are not clocked in',
  clockedIn: 'Successfully clocked in!',
  clockedOut: 'Successfully clocked out!',
} as const;

const location = z.object({ latitude: z.number(), longitude: z.number() }).nullable();
export const timesheetSchema = z.object({
  id: z.string(),
  userId: z.string(),
  employee: z.object({ firstName: z.string(), lastName: z.string() }),
  clockIn: z.string(),
  clockOut: z.string().nullable(),
  totalHours: z.number().nullable(),
  notes: z.string().nullable(),
  clockInLocation: location,
  clockOutLocation: location,
});
export type Timesheet = z.infer<typeof timesheetSchema>;

/** Figures of the Timesheets screen's summary cards, from the per-person counters. */
export const timesheetSummary = z.object({ totalSessions: z.number().int(), completedSessions: z.number().int(), totalHours: z.number(), weeklyHours: z.number() });
export const timesheetListResponse = z.object({ timesheets: z.array(timesheetSchema), summary: timesheetSummary });
export const activeTimesheetResponse = z.object({ timesheet: timesheetSchema.nullable() });
export const clockResponse = z.object({ message: z.string(), timesheet: timesheetSchema, locationCaptured: z.boolean() });

export const employeeTimesheetMetrics = z.object({
  isCurrentlyClockedIn: z.boolean(),
  currentSession: z.object({ id: z.string(), clockIn: z.string() }).nullable(),
  totalSessions: z.number().int(),
  completedSessions: z.number().int(),
  totalHours: z.number(),
  weeklyHours: z.number(),
  sessionsWithLocation: z.number().int(),
});
export const employeeBookingMetrics = z.object({
  total: z.number().int(),
  active: z.number().int(),
  completed: z.number().int(),
  cancelled: z.number().int(),
  /** Dollars, 2 decimals (from integer cents). */
  totalRevenue: z.number(),
});
export const employeeMetricsSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.string(),
  createdAt: z.string(),
  timesheets: employeeTimesheetMetrics,
  bookings: employeeBookingMetrics,
});
export type EmployeeMetrics = z.infer<typeof employeeMetricsSchema>;
export const adminEmployeesResponse = z.object({
  employees: z.array(employeeMetricsSchema),
  summary: z.object({ totalEmployees: z.number().int(), currentlyClockedIn: z.number().int(), totalActiveBookings: z.number().int(), totalRevenue: z.number() }),
});
export type AdminEmployees = z.infer<typeof adminEmployeesResponse>;

/** The productivity score's definition (docs/decisions.md, Timesheets): shown on hover. */
export const PRODUCTIVITY_DEFINITION =
  'Productivity score (0-100): half from hours (average hours per week against a 40-hour week, capped at 40) and half from punctuality (on-time percentage); without on-time data, hours alone.';
export const ON_TIME_DEFINITION = 'Clock-ins no later than 5 minutes after that day\'s opening time (store opening hours); days the store is closed are not counted.';
export const performanceResponse = z.object({
  userId: z.string(),
  avgHoursPerWeek: z.number(),
  shiftsPerWeek: z.number(),
  totalShifts: z.number().int(),
  /** Null when no clock-in fell on a day with opening hours. */
  onTimePercentage: z.number().nullable(),
  overtimeHours: z.number(),
  productivityScore: z.number(),
  weeks: z.number().int(),
  definitions: z.object({ onTimePercentage: z.string(), productivityScore: z.string() }),
});
export type Performance = z.infer<typeof performanceResponse>;
/** Document 3 §7: shown only when the call fails. */
export const SAMPLE_PERFORMANCE = { avgHoursPerWeek: 35.5, shiftsPerWeek: 4.2, totalShifts: 127, onTimePercentage: 94.2, overtimeHours: 12.5, productivityScore: 87.3 } as const;
