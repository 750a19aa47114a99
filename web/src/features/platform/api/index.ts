import { useMemo } from 'react';
import useSWR from 'swr';
import type { ModuleId } from '../../../../../shared/domain/modules.js';
import { api } from '../../../api/client.js';
import { apiKey } from '../../../api/keys.js';
import type { InvitationForm } from '../invitations.js';

export const INVITATIONS = 'platform.invitations';

export function useInvitations() {
  return useSWR(apiKey(INVITATIONS), () => api('platform.listInvitations'));
}

export const platformApi = {
  createInvitation: (body: InvitationForm, idempotencyKey: string) =>
    api('platform.createInvitation', { body, idempotencyKey }),
  resendInvitation: (id: string) => api('platform.resendInvitation', { params: { id } }),
  revokeInvitation: (id: string) => api('platform.revokeInvitation', { params: { id } }),
};

/** The signed-in tenant's modules that the platform operator switched off (its navigation hides them). */
export function useDisabledModules(): readonly string[] {
  return useModuleAvailability().disabled;
}

const NONE: readonly ModuleId[] = [];

export interface ModuleAvailability {
  /** False until the first answer (or failure): screens that would call a module's API wait for it. */
  loaded: boolean;
  disabled: readonly ModuleId[];
  isOn: (module: ModuleId) => boolean;
}

/**
 * The tenant's module states for screens that must not call a switched-off module's API (docs/decisions/modules-and-live-stream.md).
 * A failed read counts as "all on": the API still answers 403 for what is off.
 */
export function useModuleAvailability(): ModuleAvailability {
  const { data, error } = useSWR(apiKey('platform.organizationModules'), () => api('platform.organizationModules'), {
    refreshInterval: 60_000,
  });
  const disabled = data?.disabled ?? NONE;
  return useMemo(
    () => ({
      loaded: data !== undefined || error !== undefined,
      disabled,
      isOn: (m: ModuleId) => !disabled.includes(m),
    }),
    [data, error, disabled],
  );
}

// --- portal (docs/decisions/README.md#platform-portal) ----------------------------------------------------------------------------
export const TENANTS = 'platform.tenants';
export const TEMPLATES = 'platform.templates';

/** Tenant list with metrics: refreshed every 10 minutes (R-PLAT-5). */
export function useTenantMetrics() {
  return useSWR(apiKey(TENANTS), () => api('platform.tenantMetrics'), { refreshInterval: 600_000 });
}
export function useTenantDetails(id: string | null) {
  return useSWR(id ? apiKey(TENANTS, 'details', id) : null, () =>
    api('platform.tenantDetails', { params: { id: id! } }),
  );
}
export function useTenantModules(id: string | null) {
  return useSWR(id ? apiKey(TENANTS, 'modules', id) : null, () => api('platform.listModules', { params: { id: id! } }));
}
/** Overview and health: refreshed every 60 seconds (R-PLAT-5). */
export function useOverviewMetrics() {
  return useSWR(apiKey('platform.overview'), () => api('platform.overviewMetrics'), { refreshInterval: 60_000 });
}
export function usePlatformHealth() {
  return useSWR(apiKey('platform.health'), () => api('platform.health'), { refreshInterval: 60_000 });
}
export function useTemplates() {
  return useSWR(apiKey(TEMPLATES), () => api('platform.listTemplates'));
}
export function useGlobalFeatures() {
  return useSWR(apiKey('platform.features'), () => api('platform.features'));
}

export const portalApi = {
  toggleModule: (id: string, module: ModuleId, enable: boolean) =>
    api(enable ? 'platform.enableModule' : 'platform.disableModule', { params: { id, module } }),
  getTemplate: (name: string) => api('platform.getTemplate', { params: { name } }),
  updateTemplate: (name: string, content: string) =>
    api('platform.updateTemplate', { params: { name }, body: { content } }),
  previewTemplate: (name: string) => api('platform.previewTemplate', { params: { name }, body: {} }),
  setTenantSuspended: (id: string, suspend: boolean) =>
    api(suspend ? 'platform.suspendTenant' : 'platform.reactivateTenant', { params: { id } }),
};

export type UsageRange = '1d' | '7d' | '30d' | '90d' | '1y';
/** Usage analytics for a range (R-PLAT-9): cards and trend series from the metering rows. */
export function useUsageAnalytics(range: UsageRange) {
  return useSWR(apiKey('platform.usage', range), () => api('platform.usageAnalytics', { query: { range } }));
}
/** The CSV export as text (the server names it usage-analytics-{range}.csv). */
export const exportUsage = (range: UsageRange) => api('platform.exportAnalytics', { query: { range } });

export type EmailRange = '1d' | '7d' | '30d' | '90d';
/** E-mail stats from the product's own send log (R-DASH-2). */
export function useEmailStats(range: EmailRange) {
  return useSWR(apiKey('platform.emailStats', range), () => api('platform.emailStats', { query: { range } }));
}
