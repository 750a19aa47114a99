import { z } from 'zod';
import { EMAIL_PATTERN } from '../../domain/email.js';
import { route } from '../types.js';
import { invitationListResponse, invitationSentResponse, revokedResponse } from '../responses.js';
import { idParam } from '../common.js';

const range = z.enum(['1d', '7d', '30d', '90d', '1y']);
const moduleName = z.enum(['inventory', 'reservations', 'employees', 'notifications', 'scheduling', 'settings', 'reports', 'payments']);
const templateName = z.object({ name: z.string().regex(/^[a-z0-9_-]{1,64}$/i, 'Invalid template name') });

export const invitationBody = z.object({
  firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(100),
  lastName: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(100),
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(254).regex(EMAIL_PATTERN, 'Please enter a valid email address'),
});

const p = { area: 'platform', access: 'platform' } as const;
export const platformRoutes = [
  route({ ...p, id: 'platform.listModules', method: 'GET', path: '/api/platform/organizations/{id}/modules', params: idParam, summary: 'Modules of a tenant' }),
  route({ ...p, id: 'platform.enableModule', method: 'POST', path: '/api/platform/organizations/{id}/modules/{module}/enable', params: idParam.extend({ module: moduleName }), summary: 'Enable a module' }),
  route({ ...p, id: 'platform.disableModule', method: 'POST', path: '/api/platform/organizations/{id}/modules/{module}/disable', params: idParam.extend({ module: moduleName }), summary: 'Disable a module' }),
  route({ ...p, id: 'platform.tenantDetails', method: 'GET', path: '/api/platform/tenants/{id}/details', params: idParam, summary: 'Users of a tenant' }),
  route({ ...p, id: 'platform.tenantMetrics', method: 'GET', path: '/api/platform/tenants/metrics', summary: 'All tenants with metrics' }),
  route({ ...p, id: 'platform.overviewMetrics', method: 'GET', path: '/api/platform/overview/metrics', summary: 'Platform totals' }),
  route({ ...p, id: 'platform.health', method: 'GET', path: '/api/platform/health', summary: 'Health checks' }),
  route({ ...p, id: 'platform.usageAnalytics', method: 'GET', path: '/api/platform/analytics/usage', query: z.object({ range: range.optional() }), summary: 'Usage analytics' }),
  route({ ...p, id: 'platform.exportAnalytics', method: 'GET', path: '/api/platform/analytics/export', query: z.object({ range: range.optional() }), kind: 'file', summary: 'Usage analytics CSV' }),
  route({ ...p, id: 'platform.emailStats', method: 'GET', path: '/api/platform/communications/email/stats', query: z.object({ range: range.optional() }), summary: 'E-mail statistics' }),
  route({ ...p, id: 'platform.settings', method: 'GET', path: '/api/platform/settings', summary: 'Platform settings' }),
  route({ ...p, id: 'platform.features', method: 'GET', path: '/api/platform/features', summary: 'Global features' }),
  route({ ...p, id: 'platform.listInvitations', method: 'GET', path: '/api/platform/invitations', response: invitationListResponse, summary: 'Organization invitations' }),
  route({ ...p, id: 'platform.createInvitation', method: 'POST', path: '/api/platform/invitations', body: invitationBody, response: invitationSentResponse, idempotent: true, summary: 'Invite a new organization owner' }),
  route({ ...p, id: 'platform.resendInvitation', method: 'POST', path: '/api/platform/invitations/{id}/resend', params: idParam, response: invitationSentResponse, summary: 'Resend (renew) an invitation' }),
  route({ ...p, id: 'platform.revokeInvitation', method: 'DELETE', path: '/api/platform/invitations/{id}', params: idParam, response: revokedResponse, summary: 'Revoke a pending invitation' }),
  route({ ...p, id: 'platform.listTemplates', method: 'GET', path: '/api/platform/templates', summary: 'E-mail templates' }),
  route({ ...p, id: 'platform.getTemplate', method: 'GET', path: '/api/platform/templates/{name}', params: templateName, summary: 'One template' }),
  route({ ...p, id: 'platform.updateTemplate', method: 'PUT', path: '/api/platform/templates/{name}', params: templateName, body: z.object({ content: z.string().max(200_000) }), summary: 'Update a template' }),
  route({ ...p, id: 'platform.previewTemplate', method: 'POST', path: '/api/platform/templates/{name}/preview', params: templateName, body: z.object({ variables: z.record(z.string(), z.unknown()).optional() }).optional(), summary: 'Render a template' }),
] as const;
