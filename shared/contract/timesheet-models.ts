import * as z from '../zod.js';

/** R-TS-5 (Timesheet, Employee metrics, Performance) and §7 (clock calls). */
export const clockBody = z.object({
  notes: z.nullable(z.optional(z.string().check(z.multiLine(), z.maxLength(2000)))),
  latitude: z.optional(z.number().check(z.gte(-90), z.lte(90))),
  longitude: z.optional(z.number().check(z.gte(-180), z.lte(180))),
});

export const TIMESHEET_MESSAGES = {
  alreadyIn: 'You are already clocked in',
  notIn: 'You are not clocked in',
  clockedIn: 'Successfully clocked in!',
  clockedOut: 'Successfully clocked out!',
} as const;

const location = z.nullable(z.object({ latitude: z.number(), longitude: z.number() }));
export const timesheetSchema = z.object({
  id: z.string(),
  userId: z.string(),
  employee: z.object({ firstName: z.string(), lastName: z.string() }),
  clockIn: z.string(),
  clockOut: z.nullable(z.string()),
  totalHours: z.nullable(z.number()),
  /** R-BOOK-4's one notes field: the clock-in and clock-out notes, one per line. */
  notes: z.nullable(z.string()),
  /** Beyond the spec: each note on its own, so a clock-out note never replaces the clock-in one. */
  clockInNotes: z.nullable(z.string()),
  clockOutNotes: z.nullable(z.string()),
  clockInLocation: location,
  clockOutLocation: location,
});
export type Timesheet = z.infer<typeof timesheetSchema>;

/** Figures of the Timesheets screen's summary cards, from the per-person counters. */
const timesheetSummary = z.object({
  totalSessions: z.number().check(z.int()),
  completedSessions: z.number().check(z.int()),
  totalHours: z.number(),
  weeklyHours: z.number(),
});
export const timesheetListResponse = z.object({ timesheets: z.array(timesheetSchema), summary: timesheetSummary });
export const activeTimesheetResponse = z.object({ timesheet: z.nullable(timesheetSchema) });
export const clockResponse = z.object({
  message: z.string(),
  timesheet: timesheetSchema,
  locationCaptured: z.boolean(),
});

const employeeTimesheetMetrics = z.object({
  isCurrentlyClockedIn: z.boolean(),
  currentSession: z.nullable(z.object({ id: z.string(), clockIn: z.string() })),
  totalSessions: z.number().check(z.int()),
  completedSessions: z.number().check(z.int()),
  totalHours: z.number(),
  weeklyHours: z.number(),
  sessionsWithLocation: z.number().check(z.int()),
});
const employeeBookingMetrics = z.object({
  total: z.number().check(z.int()),
  active: z.number().check(z.int()),
  completed: z.number().check(z.int()),
  cancelled: z.number().check(z.int()),
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
  summary: z.object({
    totalEmployees: z.number().check(z.int()),
    currentlyClockedIn: z.number().check(z.int()),
    totalActiveBookings: z.number().check(z.int()),
    totalRevenue: z.number(),
  }),
});
export type AdminEmployees = z.infer<typeof adminEmployeesResponse>;

/** The productivity score's definition (docs/decisions/0186-timesheets-productivityscore.md): shown on hover. */
export const PRODUCTIVITY_DEFINITION =
  'Productivity score (0-100): half from hours (average hours per week against a 40-hour week, capped at 40) and half from punctuality (on-time percentage); without on-time data, hours alone.';
export const ON_TIME_DEFINITION =
  "Clock-ins no later than 5 minutes after that day's opening time (store opening hours); days the store is closed are not counted.";
export const performanceResponse = z.object({
  userId: z.string(),
  avgHoursPerWeek: z.number(),
  shiftsPerWeek: z.number(),
  totalShifts: z.number().check(z.int()),
  /** Null when no clock-in fell on a day with opening hours. */
  onTimePercentage: z.nullable(z.number()),
  overtimeHours: z.number(),
  productivityScore: z.number(),
  weeks: z.number().check(z.int()),
  definitions: z.object({ onTimePercentage: z.string(), productivityScore: z.string() }),
});
export type Performance = z.infer<typeof performanceResponse>;
/** R-TS-1: shown only when the call fails. */
export const SAMPLE_PERFORMANCE = {
  avgHoursPerWeek: 35.5,
  shiftsPerWeek: 4.2,
  totalShifts: 127,
  onTimePercentage: 94.2,
  overtimeHours: 12.5,
  productivityScore: 87.3,
} as const;
