/**
 * The platform portal on the wire (R-PLAT-5..9): the operator's answers (tenants, modules, health,
 * analytics, templates, settings), the parameters they take and the owner invitation's body (R-PLAT-7).
 */
import * as z from '../zod.js';
import { emailCheck } from './common.js';
import { MODULE_IDS } from '../domain/modules.js';

/** The period of the usage and e-mail figures (R-PLAT-9). */
export const analyticsRange = z.enum(['1d', '7d', '30d', '90d', '1y']);

// --- platform portal answers (R-PLAT-5) ----------------------------------------------------
const moduleView = z.object({
  name: z.enum(MODULE_IDS),
  displayName: z.string(),
  description: z.string(),
  category: z.string(),
  isCore: z.boolean(),
  dependencies: z.array(z.enum(MODULE_IDS)),
  subFeatures: z.array(z.string()),
  enabled: z.boolean(),
  configuration: z.record(z.string(), z.unknown()),
});
export const modulesResponse = z.object({ modules: z.array(moduleView) });
export const moduleToggleResponse = z.object({
  success: z.boolean(),
  module: z.string(),
  enabled: z.boolean(),
  modules: z.array(moduleView),
});
const orgStatus = z.enum(['ACTIVE', 'TRIAL', 'SUSPENDED', 'INACTIVE']);
const healthIssue = z.object({
  message: z.string(),
  description: z.string(),
  severity: z.enum(['high', 'medium', 'other']),
});
export const tenantMetricsResponse = z.object({
  tenants: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      subdomain: z.string(),
      status: orgStatus,
      createdAt: z.string(),
      metrics: z.object({
        totalUsers: z.number(),
        activeUsersToday: z.number(),
        activeReservations: z.number(),
        totalItems: z.number(),
        totalCustomers: z.number(),
        overdueReservations: z.number(),
        healthScore: z.number(),
        issues: z.number(),
        healthIssues: z.array(healthIssue),
        /** From the send log (sends tagged with this tenant), UTC day and month. */
        emailsToday: z.number(),
        emailsMonth: z.number(),
        /** From usage metering, the last 24 hours; errorRate in % (5xx / calls), null without calls. */
        apiCalls24h: z.number(),
        errorRate: z.nullable(z.number()),
        /** Estimated from the tenant's STATS counters times measured average sizes (functions/platform/db-size.ts, docs/decisions/0195-platform-database-size-estimated-from-counters.md); null only if not estimated. */
        databaseSize: z.nullable(z.number()),
      }),
    }),
  ),
  generatedAt: z.string(),
});
export const tenantDetailsResponse = z.object({
  organization: z.object({
    id: z.string(),
    name: z.string(),
    subdomain: z.string(),
    status: orgStatus,
    createdAt: z.string(),
  }),
  users: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      username: z.string(),
      role: z.string(),
      isActive: z.boolean(),
      lastLoginAt: z.nullable(z.string()),
    }),
  ),
});
export const tenantStatusResponse = z.object({
  success: z.boolean(),
  organization: z.object({
    id: z.string(),
    name: z.string(),
    subdomain: z.string(),
    status: orgStatus,
    createdAt: z.string(),
  }),
});
export const overviewMetricsResponse = z.object({
  totalTenants: z.number(),
  activeTenants: z.number(),
  activeUsers: z.number(),
  totalUsers: z.number(),
  totalItems: z.number(),
  activeReservations: z.number(),
  apiCalls24h: z.number(),
});
/**
 * 'not-configured': a check that cannot run in this deployment (no DLQ URLs locally); never counted healthy.
 * 'pending': a sweep that has not run yet on a fresh platform; neither healthy nor a fault.
 */
const healthCheck = z.object({
  name: z.string(),
  status: z.enum(['healthy', 'unhealthy', 'not-configured', 'pending']),
  latencyMs: z.number(),
  message: z.optional(z.string()),
  kind: z.optional(z.enum(['database', 'storage', 'mail', 'sweep', 'queue'])),
  /** Sweeps: the last successful run and the rate; queues: the messages waiting. */
  lastSucceededAt: z.optional(z.nullable(z.string())),
  everyMinutes: z.optional(z.number()),
  messages: z.optional(z.number()),
});
export const platformHealthResponse = z.object({
  overall: z.enum(['healthy', 'degraded', 'unhealthy']),
  status: z.enum(['healthy', 'degraded', 'unhealthy']),
  summary: z.object({ healthy: z.number(), unhealthy: z.number(), notConfigured: z.number(), pending: z.number() }),
  checks: z.record(z.string(), healthCheck),
  checkedAt: z.string(),
});
export const featuresResponse = z.object({
  features: z.array(
    z.object({
      id: z.enum(MODULE_IDS),
      name: z.string(),
      displayName: z.string(),
      description: z.string(),
      category: z.string(),
      isCore: z.boolean(),
      isGloballyEnabled: z.boolean(),
      dependencies: z.array(z.string()),
      /** Every tenant with this feature's state for it (beyondSpec shape: the spec names the field only). */
      organizations: z.array(
        z.object({ id: z.string(), name: z.string(), subdomain: z.string(), enabled: z.boolean() }),
      ),
    }),
  ),
});
const templateView = z.object({
  name: z.string(),
  displayName: z.string(),
  description: z.string(),
  category: z.string(),
  variables: z.array(z.string()),
  subject: z.string(),
  content: z.string(),
  updatedAt: z.nullable(z.string()),
  isDefault: z.boolean(),
});
export const templateListResponse = z.object({
  templates: z.array(templateView),
  categories: z.array(z.object({ name: z.string(), count: z.number() })),
});
export const templateResponse = z.object({ template: templateView });
export const templateUpdatedResponse = z.object({ success: z.boolean(), template: templateView });
export const organizationModulesResponse = z.object({ disabled: z.array(z.enum(MODULE_IDS)) });
const usageFigures = { calls: z.number(), errors: z.number(), avgResponseTime: z.number(), errorRate: z.number() };
export const usageResponse = z.object({
  range: analyticsRange,
  totalApiCalls: z.number(),
  totalErrors: z.number(),
  avgResponseTime: z.number(),
  errorRate: z.number(),
  tenants: z.array(z.object({ tenant: z.string(), ...usageFigures })),
  series: z.array(z.object({ at: z.string(), ...usageFigures })),
});
export const emailStatsResponse = z.object({
  range: analyticsRange,
  totalSent: z.number(),
  failed: z.number(),
  failureRate: z.number(),
  /** Delivered, bounced and complaints come from SES configuration-set notifications (AWS); 'not-configured' (locally): they are null. */
  deliveryNotifications: z.enum(['ses-configuration-set', 'not-configured']),
  delivered: z.nullable(z.number()),
  deliveryRate: z.nullable(z.number()),
  bounced: z.nullable(z.number()),
  bounceRate: z.nullable(z.number()),
  complaints: z.nullable(z.number()),
  complaintRate: z.nullable(z.number()),
  usedToday: z.number(),
  dailyQuota: z.number(),
  templates: z.array(z.object({ name: z.string(), sent: z.number(), failed: z.number() })),
});
export const platformSettingsResponse = z.object({
  appBaseUrl: z.string(),
  tenantUrlMode: z.enum(['subdomain', 'path']),
  region: z.string(),
  sessionHours: z.number(),
  invitationTtlDays: z.number(),
  email: z.object({ provider: z.string(), from: z.string(), sendRatePerSecond: z.number(), dailyQuota: z.number() }),
  meteringFlushSeconds: z.number(),
  moduleCacheSeconds: z.number(),
});
export const templatePreviewResponse = z.object({ subject: z.string(), html: z.string(), text: z.string() });

export const moduleName = z.enum(MODULE_IDS);
export const templateName = z.object({
  name: z.string().check(z.regex(/^[a-z0-9_-]{1,64}$/i, 'Invalid template name')),
});

export const invitationBody = z.object({
  firstName: z
    .string({ error: 'First name is required' })
    .check(z.trim(), z.singleLine(), z.minLength(1, 'First name is required'), z.maxLength(100)),
  lastName: z
    .string({ error: 'Last name is required' })
    .check(z.trim(), z.singleLine(), z.minLength(1, 'Last name is required'), z.maxLength(100)),
  email: z.string({ error: 'Email is required' }).check(z.trim(), z.minLength(1, 'Email is required'), ...emailCheck()),
});
