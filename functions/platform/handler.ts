import { createAreaHandler } from '../lib/pipeline.js';
import { exportOp, usageOp } from './analytics.js';
import { emailStatsOp } from './mail-log.js';
import { platformSettingsOp } from './settings.js';
import { createOp, listOp, resendOp, revokeOp } from './invitations.js';
import { healthOp } from './health.js';
import { overviewMetricsOp, tenantDetailsOp, tenantMetricsOp } from './metrics.js';
import { featuresOp, listModulesOp, organizationModulesOp, toggleModuleOp } from './modules.js';
import { reactivateTenantOp, suspendTenantOp } from './tenant-status.js';
import { getTemplateOp, listTemplatesOp, previewTemplateOp, updateTemplateOp } from './template-ops.js';

/** The platform portal (SUPER_ADMIN only; the pipeline refuses everyone else with 403). */
export const handler = createAreaHandler('platform', {
  'platform.listInvitations': async () => listOp(),
  'platform.createInvitation': async ({ body, auth }) => createOp(body, auth.userId),
  'platform.resendInvitation': async ({ params }) => resendOp(params.id),
  'platform.revokeInvitation': async ({ params }) => revokeOp(params.id),
  'platform.listModules': async ({ params }) => listModulesOp(params.id),
  'platform.enableModule': async ({ params, auth }) => toggleModuleOp(params.id, params.module, true, auth.userId),
  'platform.disableModule': async ({ params, auth }) => toggleModuleOp(params.id, params.module, false, auth.userId),
  'platform.features': async () => featuresOp(),
  'platform.settings': async () => platformSettingsOp(),
  'platform.organizationModules': async ({ tenant }) => organizationModulesOp(tenant),
  'platform.tenantMetrics': async () => tenantMetricsOp(),
  'platform.tenantDetails': async ({ params }) => tenantDetailsOp(params.id),
  'platform.suspendTenant': async ({ params, auth }) => suspendTenantOp(params.id, auth.userId),
  'platform.reactivateTenant': async ({ params, auth }) => reactivateTenantOp(params.id, auth.userId),
  'platform.overviewMetrics': async () => overviewMetricsOp(),
  'platform.health': async () => healthOp(),
  'platform.usageAnalytics': async ({ query }) => usageOp(query.range),
  'platform.exportAnalytics': async ({ query }) => exportOp(query.range),
  'platform.emailStats': async ({ query }) => emailStatsOp(query.range),
  'platform.listTemplates': async () => listTemplatesOp(),
  'platform.getTemplate': async ({ params }) => getTemplateOp(params.name),
  'platform.updateTemplate': async ({ params, body, auth }) => updateTemplateOp(params.name, body.content, auth.userId),
  'platform.previewTemplate': async ({ params, body }) => previewTemplateOp(params.name, body?.variables),
});
