/** Cache resources of the dashboard area (reservations' writes revalidate everything under DASHBOARD). */
export const DASHBOARD = 'dashboard';
export const DASHBOARD_STATS = 'dashboard.stats';
export const DASHBOARD_ACTIVE = 'dashboard.active';
