/**
 * One meaning of each money figure (docs/requirements/reports.md R-REP-9, dashboard.md R-DASH-6;
 * docs/decisions/0269-one-meaning-of-revenue.md). Every screen and file that shows a money total names it
 * with these words, and the server computes it by the rule written beside it, so the dashboard, the
 * reports and the employee metrics agree wherever they show the same figure.
 *
 * - Booked: what booked (not cancelled) reservations charge, tax included: the booking's total, and
 *   after a return its final total (overage in, refund out). Counted on the reservation's start day
 *   (functions/reservation-rows/aggregates.ts `rev`). Not money received.
 * - Booked, completed: the Booked figure of the returned (COMPLETED) reservations only
 *   (employee metrics R-TS-5; the report's per-employee `crev`).
 * - Collected: money taken net of what was paid back: deposits, return charges and service payments,
 *   less refunds and reversals; the sum of the payment rows (the payments counter, `totalCents`).
 * - Refunded: money paid back: the return's REFUND payment rows, a refund with its tax share and a
 *   deposit above the rental cost (`returnMovements(...).paidBackCents`, shared/domain/charges.ts).
 * - Tax collected: the tax in the final totals of returned (COMPLETED) reservations.
 * - Overage: the overage in Booked (late returns), not an extra sum.
 */
export const MONEY_FIGURES = {
  booked: 'Booked',
  bookedCompleted: 'Booked, completed',
  averageBooked: 'Average booked',
  collected: 'Collected',
  refunded: 'Refunded',
  taxCollected: 'Tax collected',
  overage: 'Overage (in booked)',
} as const;
