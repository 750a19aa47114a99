/** Cache resources of the reports area (for SWR keys and useMutationAction's `revalidate`). */
export const REPORTS = 'reports';
/** The organization's scheduled reports (not under REPORTS: a schedule's write leaves generated reports cached). */
export const SCHEDULES = 'reports-schedules';
