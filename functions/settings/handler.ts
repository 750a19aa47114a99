import { createAreaHandler, type Operations, reply } from '../lib/pipeline.js';
import { loadPolicy } from '../lib/policy.js';
import { completePolicy, effectivePermissions, policyRole } from '../../shared/domain/roles.js';
import { PERMISSION_CHANGE_NOTE } from '../../shared/contract/settings-models.js';
import { readContact, writeContact } from './contact.js';
import { readOpeningHours, writeOpeningHours, type OpeningHours } from './hours.js';
import { effectiveTaxRate, readTaxSettings, writeTaxSettings } from './tax.js';

const permissions = () => import('./permissions.js');
type SettingsOperations = Operations<'settings'>;
const STORE_PAGE_ROUTES = ['General', 'Terms', 'Branding', 'Payments'].flatMap(
  (page) => [`settings.get${page}`, `settings.update${page}`] as (keyof SettingsOperations)[],
);
/** Operations whose code loads on first use: one small stub per route instead of each route's code at cold start. */
function lazyOperations(ids: readonly (keyof SettingsOperations)[], load: () => Promise<SettingsOperations>) {
  return Object.fromEntries(
    ids.map((id) => [id, async (ctx: never) => ((await load())[id] as (c: never) => unknown)(ctx)]),
  ) as SettingsOperations;
}

const hoursAnswer = (h: OpeningHours, message?: string) => ({
  success: true as const,
  hours: h.hours,
  special_hours: JSON.stringify(h.specialHours),
  ...(message ? { message } : {}),
});

/** Lambda entry of the settings area: store contact, opening hours, tax, and the permission matrix. */
export const handler = createAreaHandler('settings', {
  'settings.taxRate': async ({ tenant }) => effectiveTaxRate(tenant),

  'settings.getContact': async ({ tenant }) => ({ success: true as const, data: await readContact(tenant) }),
  'settings.updateContact': async ({ tenant, body, auth }) => ({
    success: true as const,
    data: await writeContact(tenant, body, auth.userId),
    message: 'Contact information saved successfully!',
  }),

  'settings.getHours': async ({ tenant }) => hoursAnswer(await readOpeningHours(tenant)),
  'settings.updateHours': async ({ tenant, body, auth }) =>
    hoursAnswer(await writeOpeningHours(tenant, body, auth.userId), 'Operating hours saved successfully!'),

  'settings.getTax': async ({ tenant }) => ({ success: true as const, data: await readTaxSettings(tenant) }),
  'settings.updateTax': async ({ tenant, body, auth }) => {
    const saved = await writeTaxSettings(tenant, body, auth.userId);
    return {
      success: true as const,
      data: saved,
      message: `Tax settings saved successfully (${saved.enabled ? 'enabled' : 'disabled'})`,
    };
  },

  // General, Terms & Policies, Branding, Payments (R-SET-14..R-SET-17): loaded on first use, rarely called.
  ...lazyOperations(STORE_PAGE_ROUTES, async () => (await import('./storefront.js')).storePageOperations),
  'settings.getReminders': async ({ tenant }) => ({
    success: true as const,
    data: await (await import('./reminders.js')).readReminderSettings(tenant),
  }),
  'settings.updateReminders': async ({ tenant, body, auth }) => ({
    success: true as const,
    data: await (await import('./reminders.js')).writeReminderSettings(tenant, body, auth.userId),
    message: 'Reminder settings saved',
  }),

  // The permission matrix and its log (R-SET-5, R-SET-6): loaded on first use, rarely called.
  'settings.getPermissions': async ({ tenant }) => {
    const row = await (await permissions()).readPolicyRow(tenant);
    return { success: true as const, policy: completePolicy(row.policy), updatedAt: row.updatedAt };
  },
  'settings.updatePermissions': async ({ tenant, body, auth }) => {
    const { row, log } = await (await permissions()).savePolicy(
      tenant,
      body.policy,
      auth,
      body.changeNote || PERMISSION_CHANGE_NOTE,
    );
    return {
      success: true as const,
      policy: completePolicy(row.policy),
      updatedAt: row.updatedAt,
      message: 'Permissions updated',
      log,
    };
  },
  'settings.permissionLogs': async ({ tenant, query }) => ({
    success: true as const,
    logs: await (await permissions()).listPermissionLogs(tenant, query?.limit ?? 100),
  }),
  // API keys (R-SET-9): loaded on first use, rarely called.
  'settings.listApiKeys': async ({ tenant }) => ({
    keys: await (await import('./api-keys.js')).listApiKeys(tenant),
  }),
  'settings.createApiKey': async ({ tenant, auth, body }) =>
    reply(201, await (await import('./api-keys.js')).createApiKey(tenant, auth, body)),
  'settings.revokeApiKey': async ({ tenant, auth, params }) => {
    await (await import('./api-keys.js')).revokeApiKey(tenant, auth, params.id);
    return { success: true, message: 'API key revoked' };
  },
  // Webhooks (R-SET-10): loaded on first use.
  'settings.listWebhooks': async ({ tenant }) => ({
    webhooks: await (await import('./webhooks.js')).listWebhooks(tenant),
  }),
  'settings.createWebhook': async ({ tenant, auth, body }) =>
    reply(201, await (await import('./webhooks.js')).createWebhook(tenant, auth, body)),
  'settings.updateWebhook': async ({ tenant, auth, params, body }) => ({
    webhook: await (await import('./webhooks.js')).updateWebhook(tenant, auth, params.id, body),
  }),
  'settings.deleteWebhook': async ({ tenant, auth, params }) => {
    await (await import('./webhooks.js')).deleteWebhook(tenant, auth, params.id);
    return { success: true, message: 'Webhook endpoint deleted' };
  },
  'settings.testWebhook': async ({ tenant, auth, params }) => {
    await (await import('./webhooks.js')).testWebhook(tenant, auth, params.id);
    return reply(202, { success: true, message: 'Test event queued' });
  },
  'settings.listWebhookDeliveries': async ({ tenant, params, query }) => ({
    deliveries: await (await import('./webhooks.js')).listDeliveries(tenant, params.id, query?.limit ?? 50),
  }),
  'settings.replayWebhookDelivery': async ({ tenant, auth, params }) => {
    await (await import('./webhooks.js')).replayDelivery(tenant, auth, params.id, params.deliveryId);
    return reply(202, { success: true, message: 'Delivery queued again' });
  },
  'settings.myPermissions': async ({ tenant, auth }) => ({
    role: auth.role,
    policyRole: policyRole(auth),
    permissions: effectivePermissions(auth, policyRole(auth) ? await loadPolicy(tenant) : null),
  }),
});
