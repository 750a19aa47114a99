/** Reports (R-REP-3, R-REP-2; docs/decisions/0202-reports-definitions.md). Money in dollars (2 decimals) on the wire, cents inside. */
import * as z from '../zod.js';
import { reservationView } from './reservation-models.js';

export const REPORT_TYPES = [
  'daily-log',
  'revenue',
  'employee-performance',
  'cart-utilization',
  'customer-activity',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

const range = { success: z.literal(true), startDate: z.string(), endDate: z.string() };

export const dailyLogResponse = z.object({
  success: z.literal(true),
  date: z.string(),
  timeZone: z.string(),
  reservations: z.array(reservationView),
});

export const revenueResponse = z.object({
  ...range,
  totalRevenue: z.number(),
  overageRevenue: z.number(),
  /** R-REP-9 "Refunded": what was paid back (the REFUND payment rows). */
  refundTotal: z.number(),
  /** R-REP-9 "Tax collected": the tax in the final totals of the returned reservations. */
  taxCollected: z.number(),
  totalReservations: z.number(),
  averageRevenue: z.number(),
  completedReservations: z.number(),
  activeReservations: z.number(),
  cancelledReservations: z.number(),
  itemReservations: z.number(),
  serviceReservations: z.number(),
  averageDurationHours: z.number(),
  durationSamples: z.number(),
  reservationsByHour: z.record(z.string(), z.number()),
  daily: z.array(z.object({ date: z.string(), revenue: z.number(), reservations: z.number(), cancelled: z.number() })),
});

export const employeePerformanceResponse = z.object({
  ...range,
  performanceData: z.array(
    z.object({
      employeeId: z.string(),
      employeeName: z.string(),
      totalReservations: z.number(),
      completedReservations: z.number(),
      cancelledReservations: z.number(),
      /** R-REP-9 "Booked". */
      totalRevenue: z.number(),
      /** R-REP-9 "Booked, completed": the employee metrics' revenue (R-TS-5) over the range. */
      completedRevenue: z.number(),
      averageRevenue: z.number(),
      completionRate: z.number(),
    }),
  ),
});

export const customerActivityResponse = z.object({
  ...range,
  totalCustomers: z.number(),
  returningCustomers: z.number(),
  totalSpent: z.number(),
  totalReservations: z.number(),
  /** Beyond the spec (R-RES-12): reservations of the period marked no-show. */
  noShows: z.optional(z.number()),
  topCustomers: z.array(
    z.object({
      customerId: z.string(),
      name: z.string(),
      phone: z.string(),
      reservationCount: z.number(),
      noShows: z.optional(z.number()),
      totalSpent: z.number(),
    }),
  ),
});

export const cartUtilizationResponse = z.object({
  ...range,
  hoursOpenPerItem: z.number(),
  totalHoursReserved: z.number(),
  averageUtilization: z.number(),
  totalRevenue: z.number(),
  items: z.array(
    z.object({
      itemId: z.string(),
      name: z.string(),
      itemNumber: z.string(),
      productTypeId: z.string(),
      productType: z.string(),
      reservations: z.number(),
      hoursReserved: z.number(),
      hoursOpen: z.number(),
      utilizationRate: z.number(),
      revenue: z.number(),
    }),
  ),
  productTypes: z.array(
    z.object({
      productTypeId: z.string(),
      productType: z.string(),
      items: z.number(),
      reservations: z.number(),
      hoursReserved: z.number(),
      hoursOpen: z.number(),
      utilizationRate: z.number(),
      revenue: z.number(),
    }),
  ),
});

export type DailyLogReport = z.infer<typeof dailyLogResponse>;
export type RevenueReport = z.infer<typeof revenueResponse>;
export type EmployeePerformanceReport = z.infer<typeof employeePerformanceResponse>;
export type CustomerActivityReport = z.infer<typeof customerActivityResponse>;
export type CartUtilizationReport = z.infer<typeof cartUtilizationResponse>;
