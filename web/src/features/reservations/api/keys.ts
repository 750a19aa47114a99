/** Cache resources of the reservations area (for SWR keys and useMutationAction's `revalidate`). */
const RESERVATIONS = 'reservations';
export const RESERVATIONS_LIST = 'reservations.list';
export const RESERVATIONS_STATS = 'reservations.stats';
export const RESERVATIONS_LOGS = 'reservations.logs';
export const RESERVATION_ONE = 'reservations.one';
export const TRACKING = 'reservations.tracking';
export const FREE_ITEMS = 'reservations.freeItems';
export const TAX_RATE = 'reservations.taxRate';
/** A reservation write also changes items (IN_USE), customers and the dashboard's counts. */
export const AFFECTED_BY_WRITES = [RESERVATIONS, 'inventory', 'customers', 'dashboard'];

/** A reservation as a write's texts name it. */
export interface ReservationRef {
  id: string;
  reservationNumber: string;
}
