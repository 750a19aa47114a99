/**
 * The platform area's requests, one file each (docs/decisions/0235-web-request-files.md): `get-*.ts` holds a
 * read and its SWR hook, `<verb>-*.ts` a write and its `use<Verb><Thing>` hook. Other features use
 * `useModuleAvailability` and `useDisabledModules` (the tenant's switched-off modules).
 */
export { useCreateInvitation } from './create-invitation.js';
export { exportUsage } from './export-usage.js';
export { type EmailRange, useEmailStats } from './get-email-stats.js';
export { useGlobalFeatures } from './get-global-features.js';
export { useInvitations } from './get-invitations.js';
export { useDisabledModules, useModuleAvailability } from './get-module-availability.js';
export { useOverviewMetrics } from './get-overview-metrics.js';
export { usePlatformHealth } from './get-platform-health.js';
export { getTemplate } from './get-template.js';
export { useTemplates } from './get-templates.js';
export { useTenantDetails } from './get-tenant-details.js';
export { useTenantMetrics } from './get-tenant-metrics.js';
export { useTenantModules } from './get-tenant-modules.js';
export { type UsageRange, useUsageAnalytics } from './get-usage-analytics.js';
export { previewTemplate } from './preview-template.js';
export { useResendInvitation } from './resend-invitation.js';
export { useRevokeInvitation } from './revoke-invitation.js';
export { useSetTenantSuspended } from './set-tenant-suspended.js';
export { toggleModule, useToggleModule } from './toggle-module.js';
export { useUpdateTemplate } from './update-template.js';
