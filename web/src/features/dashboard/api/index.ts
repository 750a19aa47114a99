/**
 * The dashboard area's requests, one file each (docs/decisions/0235-web-request-files.md): `get-*.ts` holds a
 * read and its SWR hook; `live-updates.ts` the live stream (R-DASH-4) and `refetch-dashboard.ts` what a
 * live event reads again. The area only reads; reservations' writes revalidate DASHBOARD.
 */
export { useActiveReservations } from './get-active-reservations.js';
export { useDashboardStats } from './get-dashboard-stats.js';
export { useLiveUpdates } from './live-updates.js';
export { useRefetchDashboard } from './refetch-dashboard.js';
