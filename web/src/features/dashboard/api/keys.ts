export const DASHBOARD_STATS = 'dashboard.stats';
export const DASHBOARD_ACTIVE = 'dashboard.active';
