import { createAreaHandler } from '../lib/pipeline.js';
import { platformSettingsOp } from './settings.js';
import { overviewMetricsOp, tenantDetailsOp, tenantMetricsOp } from './metrics.js';
import { featuresOp, listModulesOp, organizationModulesOp, toggleModuleOp } from './modules.js';
import { deadLetterQueues } from './dead-letter-queues.js';

// A malformed dead-letter queue list stops the area at cold start with a clear error, rather than the
// health page quietly watching no queues (docs/decisions/0257-batch-reads-paging-dead-letters.md).
deadLetterQueues(process.env.DEAD_LETTER_QUEUES);

// Every signed-in user's first request reaches this area (organizationModules), so its cold start is
// what they wait for: the operator's rarer screens (invitations, templates, health, analytics, tenant
// status) load with their first request instead (cold start within 350 KB).
const invitations = () => import('./invitations.js');
const templates = () => import('./template-ops.js');
const analytics = () => import('./analytics.js');
const mailLog = () => import('../lib/mail-log.js');
const health = () => import('./health.js');
const tenantStatus = () => import('./tenant-status.js');

/** The platform portal (SUPER_ADMIN only; the pipeline refuses everyone else with 403). */
export const handler = createAreaHandler('platform', {
  'platform.listInvitations': async () => (await invitations()).listOp(),
  'platform.createInvitation': async ({ body, auth }) => (await invitations()).createOp(body, auth.userId),
  'platform.resendInvitation': async ({ params }) => (await invitations()).resendOp(params.id),
  'platform.revokeInvitation': async ({ params }) => (await invitations()).revokeOp(params.id),
  'platform.listModules': async ({ params }) => listModulesOp(params.id),
  'platform.enableModule': async ({ params, auth }) => toggleModuleOp(params.id, params.module, true, auth.userId),
  'platform.disableModule': async ({ params, auth }) => toggleModuleOp(params.id, params.module, false, auth.userId),
  'platform.features': async () => featuresOp(),
  'platform.settings': async () => platformSettingsOp(),
  'platform.organizationModules': async ({ tenant }) => organizationModulesOp(tenant),
  'platform.tenantMetrics': async () => tenantMetricsOp(),
  'platform.tenantDetails': async ({ params }) => tenantDetailsOp(params.id),
  'platform.suspendTenant': async ({ params, auth }) => (await tenantStatus()).suspendTenantOp(params.id, auth.userId),
  'platform.reactivateTenant': async ({ params, auth }) =>
    (await tenantStatus()).reactivateTenantOp(params.id, auth.userId),
  'platform.overviewMetrics': async () => overviewMetricsOp(),
  'platform.health': async () => (await health()).healthOp(),
  'platform.usageAnalytics': async ({ query }) => (await analytics()).usageOp(query.range),
  'platform.exportAnalytics': async ({ query }) => (await analytics()).exportOp(query.range),
  'platform.emailStats': async ({ query }) => (await mailLog()).emailStatsOp(query.range),
  'platform.listTemplates': async () => (await templates()).listTemplatesOp(),
  'platform.getTemplate': async ({ params }) => (await templates()).getTemplateOp(params.name),
  'platform.updateTemplate': async ({ params, body, auth }) =>
    (await templates()).updateTemplateOp(params.name, body.content, auth.userId),
  'platform.previewTemplate': async ({ params, body }) =>
    (await templates()).previewTemplateOp(params.name, body?.variables),
});
