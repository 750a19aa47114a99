/**
 * The imports that still go up the area ranks (AREA_RANKS in functions/lint/boundaries.ts), one edge
 * (importing file -> imported file) each, with why it is still there. The boundary lint fails on an
 * upward import not listed here and on a listed edge that no longer exists, so this list only
 * shrinks: remove a line when its import goes (docs/decisions/0260-areas-depend-one-way.md).
 */
export const RANK_EXCEPTIONS: Readonly<Record<string, string>> = {
  // Reads of a higher area's rows where the lower area answers the question (no writes).
  'functions/customers/store.ts -> functions/reservations/entity.ts':
    "a customer's View Details lists their bookings, parsed from the reservation rows",
  'functions/services/slot-hold-sweep.ts -> functions/reservations/entity.ts':
    'a slot hold is released once its reservation never landed (a read of the reservation key)',
  'functions/services/slot-holds-legacy.ts -> functions/reservations/entity.ts':
    'a hold left on a service row from before slot rows is released once its reservation never landed',
  // The public booking transaction: the route is services' (the services Lambda), the rows it writes
  // are reservations'. Serving the route from reservations costs that bundle 14.7 KB of contract
  // schemas (1.9 KB headroom), so the move waits for the reservation row writers to move below
  // services (docs/decisions/0260-areas-depend-one-way.md).
  'functions/services/booking-request.ts -> functions/reservations/entity.ts':
    'the booking request names the reservation row and its people (types)',
  'functions/services/booking-row.ts -> functions/reservations/create.ts':
    "the public booking's row takes the customer and money the staff create computes",
  'functions/services/booking-row.ts -> functions/reservations/entity.ts':
    'the public booking builds a reservation row (types)',
  'functions/services/booking-confirmation-mail.ts -> functions/reservations/booking-mail.ts':
    "the public booking's confirmation carries what every booking mail carries (.ics, manage link)",
  'functions/services/booking-confirmation-mail.ts -> functions/reservations/entity.ts':
    'the confirmation reads the reservation row it mails about (types)',
  'functions/services/booking.ts -> functions/reservations/create.ts':
    "the public booking writes the reservation's rows with the staff create's parts",
  'functions/services/booking.ts -> functions/reservations/entity.ts':
    'a failed public booking keeps its places if its reservation landed after all',
};
