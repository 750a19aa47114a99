/**
 * Customers on the wire (R-CUS-1, R-CUS-2). Money in dollars with at most two decimals (the
 * server keeps cents); times are ISO-8601 instants.
 */
import * as z from '../zod.js';
import { CUSTOMERS_PAGE_SIZE } from '../domain/customers.js';
import { pageQuery } from './common.js';

export { CUSTOMERS_PAGE_SIZE };

export const customerListQuery = z.extend(pageQuery, {
  search: z.optional(z.string().check(z.singleLine(), z.maxLength(200))),
});

export const customerView = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  email: z.nullable(z.string()),
  address: z.nullable(z.string()),
  reservationCount: z.number().check(z.int()),
  /** Beyond the spec (R-RES-12): reservations marked no-show, kept on write. */
  noShowCount: z.number().check(z.int(), z.nonnegative()),
  createdAt: z.string(),
});
export type CustomerView = z.infer<typeof customerView>;

export const customerListResponse = z.object({
  customers: z.array(customerView),
  pagination: z.object({
    page: z.number().check(z.int()),
    limit: z.number().check(z.int()),
    total: z.number().check(z.int()),
    pages: z.number().check(z.int()),
  }),
});

/** One line of the View Details dialog: number, status, item or service, duration, total, overage. */
export const customerReservationView = z.object({
  id: z.string(),
  reservationNumber: z.string(),
  status: z.string(),
  kind: z.enum(['ITEM', 'SERVICE']),
  /** The item's label or the service's name. */
  itemName: z.string(),
  startTime: z.string(),
  /** Hours. */
  reservationDuration: z.number(),
  totalAmount: z.number(),
  overageAmount: z.number(),
});
export type CustomerReservationView = z.infer<typeof customerReservationView>;

export const customerDetailResponse = z.object({
  customer: z.extend(customerView, { reservations: z.array(customerReservationView) }),
});

export const customerStatsResponse = z.object({ total: z.number().check(z.int()) });
