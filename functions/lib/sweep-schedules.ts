/**
 * The scheduled sweeps, declared once. EventBridge runs them in AWS (infra reads this list) and the
 * local runtime runs them on the same rates. Each handler takes no input and is idempotent.
 */
export interface SweepDefinition {
  name: string;
  description: string;
  /** An EventBridge rate in minutes. */
  everyMinutes: number;
  /** Module exporting `handler` (relative to the repository root). */
  entry: string;
}

export const SWEEPS: readonly SweepDefinition[] = [
  {
    name: 'inventory-batches',
    description:
      'Roll back (keeping what people changed since) or finish inventory bulk batches interrupted by a crash, within 2 minutes of the crash',
    everyMinutes: 1,
    entry: 'functions/sweeps/inventory-batches.ts',
  },
  {
    name: 'overdue-reservations',
    description:
      'Flag ACTIVE item reservations past their end time as overdue (one e-mail to the customer) and mark items IN_USE when their reservation starts',
    everyMinutes: 5,
    entry: 'functions/sweeps/overdue-reservations.ts',
  },
  {
    name: 'unpaid-bookings',
    description: 'Cancel public bookings still unpaid 24 hours after booking and give their places back',
    everyMinutes: 5,
    entry: 'functions/sweeps/unpaid-bookings.ts',
  },
  {
    name: 'waitlist-offers',
    description:
      'Give back places of bookings that never landed, release waitlist holds past their time and offer freed places to the next people waiting (R-SVC-9), within 2 minutes of a place coming free; drop joins never confirmed by e-mail (R-SVC-11)',
    everyMinutes: 1,
    entry: 'functions/sweeps/waitlist-offers.ts',
  },
  {
    name: 'reservation-reminders',
    description:
      'E-mail each due booking reminder once (claimed by a lease), with the booking as .ics and a cancel link; keyed by due hour, never a scan',
    everyMinutes: 1,
    entry: 'functions/sweeps/reminders.ts',
  },
  {
    name: 'report-schedules',
    description:
      'E-mail scheduled reports whose time has come (claimed once each), with the PDF, Excel or CSV attached',
    everyMinutes: 5,
    entry: 'functions/sweeps/report-schedules.ts',
  },
  {
    name: 'webhook-retries',
    description:
      'Send webhook deliveries whose retry is due (keyed by next-attempt time, never a scan) and fan out outbox rows the stream left behind',
    everyMinutes: 1,
    entry: 'functions/webhooks/retry-sweep.ts',
  },
  {
    name: 'housekeeping',
    description:
      'Roll back or finish inventory bulk batches interrupted by a crash (link and invitation expiry is decided on read)',
    everyMinutes: 60,
    entry: 'functions/sweeps/housekeeping.ts',
  },
];
