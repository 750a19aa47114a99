/**
 * The imports that still go up the area ranks (AREA_RANKS in functions/lint/boundaries.ts), one edge
 * (importing file -> imported file) each, with why it is still there. The boundary lint fails on an
 * upward import not listed here and on a listed edge that no longer exists, so this list only
 * shrinks: remove a line when its import goes (docs/decisions/0260-areas-depend-one-way.md).
 */
export const RANK_EXCEPTIONS: Readonly<Record<string, string>> = {
  // Rows not yet given back to their owner.
  'functions/customers/store.ts -> functions/reservations/entity.ts':
    "a customer's bookings are read from the reservation rows",
  // The public booking transaction lives in services and writes reservation rows; it belongs one level up.
  'functions/services/booking-request.ts -> functions/reservations/entity.ts':
    'the booking transaction is not yet one level up',
  'functions/services/booking-row.ts -> functions/reservations/create.ts':
    'the booking transaction is not yet one level up',
  'functions/services/booking-row.ts -> functions/reservations/entity.ts':
    'the booking transaction is not yet one level up',
  'functions/services/booking-confirmation-mail.ts -> functions/reservations/booking-mail.ts':
    'the public booking confirmation is part of the booking transaction, not yet one level up',
  'functions/services/booking-confirmation-mail.ts -> functions/reservations/entity.ts':
    'the booking transaction is not yet one level up',
  'functions/services/booking.ts -> functions/reservations/create.ts':
    'the booking transaction is not yet one level up',
  'functions/services/booking.ts -> functions/reservations/entity.ts':
    'the booking transaction is not yet one level up',
  'functions/services/slot-hold-sweep.ts -> functions/reservations/entity.ts':
    'a slot hold is released once its reservation never landed',
  'functions/services/slot-holds-legacy.ts -> functions/reservations/entity.ts':
    'a hold left on a service row from before slot rows is released once its reservation never landed',
};
