/**
 * The reservations area's requests, one file each (docs/decisions/0235-web-request-files.md): `get-*.ts` holds a
 * read and its SWR hook, `<verb>-*.ts` a write and its `use<Verb><Thing>` hook, which owns the caches it
 * revalidates (keys.ts).
 */
export { useCancelReservation } from './cancel-reservation.js';
export { useCreateReservation } from './create-reservation.js';
export { useDeleteReservation } from './delete-reservation.js';
export { useFreeItems } from './get-free-items.js';
export { useReservation } from './get-reservation.js';
export { useReservationLogs } from './get-reservation-logs.js';
export { type ListAnswer, type ListQuery, useReservationPage } from './get-reservation-page.js';
export { useReservationStats } from './get-reservation-stats.js';
export { useTaxRate } from './get-tax-rate.js';
export { useTracking } from './get-tracking.js';
export { useMarkNoShow } from './mark-no-show.js';
export { useProcessReturn } from './process-return.js';
export { useReprocessReservation } from './reprocess-reservation.js';
export { useRestoreReservation } from './restore-reservation.js';
export { useSaveTracking } from './update-tracking.js';
