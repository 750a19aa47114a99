import { createAreaHandler } from '../lib/pipeline.js';
import { loadPolicy } from '../lib/policy.js';
import { completePolicy, effectivePermissions, policyRole } from '../../shared/domain/roles.js';
import { PERMISSION_CHANGE_NOTE } from '../../shared/contract/settings-models.js';
import { readContact, writeContact } from './contact.js';
import { readOpeningHours, writeOpeningHours, type OpeningHours } from './hours.js';
import { listPermissionLogs, readPolicyRow, savePolicy } from './permissions.js';
import { effectiveTaxRate, readTaxSettings, writeTaxSettings } from './tax.js';

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

  'settings.getPermissions': async ({ tenant }) => {
    const row = await readPolicyRow(tenant);
    return { success: true as const, policy: completePolicy(row.policy), updatedAt: row.updatedAt };
  },
  'settings.updatePermissions': async ({ tenant, body, auth }) => {
    const { row, log } = await savePolicy(tenant, body.policy, auth, body.changeNote || PERMISSION_CHANGE_NOTE);
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
    logs: await listPermissionLogs(tenant, query?.limit ?? 100),
  }),
  'settings.myPermissions': async ({ tenant, auth }) => ({
    role: auth.role,
    policyRole: policyRole(auth),
    permissions: effectivePermissions(auth, policyRole(auth) ? await loadPolicy(tenant) : null),
  }),
});
