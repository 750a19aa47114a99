import type * as z from '../../zod.js';
import { route } from '../types.js';
import {
  contactBody,
  contactResponse,
  hoursBody,
  hoursResponse,
  myPermissionsResponse,
  permissionLogsQuery,
  permissionLogsResponse,
  permissionsBody,
  permissionsResponse,
  permissionsSaveResponse,
  taxBody,
  taxRateResponse,
  taxResponse,
} from '../settings-models.js';
import { reminderSettingsBody, reminderSettingsResponse } from '../reminder-models.js';
import {
  brandingBody,
  brandingResponse,
  generalBody,
  generalResponse,
  paymentsBody,
  paymentsResponse,
  termsBody,
  termsResponse,
} from '../storefront-models.js';

const u = { access: 'user' } as const;
/**
 * A store page's read and save (R-SET-14..R-SET-17): placeholders in the spec, so beyond it. Built by one function:
 * eight routes spelled out cost the settings Lambda's cold start 2 KB (infra/bundle.test.ts).
 */
function storePage<const Page extends string, const Body extends z.ZodMiniType, const Answer extends z.ZodMiniType>(
  name: Page,
  path: string,
  rule: number,
  body: Body,
  response: Answer,
  what: string,
) {
  const common = {
    ...u,
    area: 'settings',
    path: `/api/settings/${path}`,
    capability: 'viewSettings',
    response,
    beyondSpec: `A placeholder page in the spec (docs/requirements/settings.md R-SET-${rule})`,
  } as const;
  return [
    route({ ...common, id: `settings.get${name}` as `settings.get${Page}`, method: 'GET', summary: `Read ${what}` }),
    route({
      ...common,
      id: `settings.update${name}` as `settings.update${Page}`,
      method: 'PUT',
      permission: 'systemSettings.configureSystem',
      body,
      summary: `Save ${what}`,
    }),
  ] as const;
}
/** The settings area's routes (functions/settings). */
export const settingsRoutes = [
  // Store settings (schemas in ../settings-models.ts)
  route({
    ...u,
    area: 'settings',
    id: 'settings.taxRate',
    method: 'GET',
    path: '/api/settings/tax_rate',
    response: taxRateResponse,
    summary: 'The tax rate as a number',
  }),
  route({
    ...u,
    area: 'settings',
    id: 'settings.getContact',
    method: 'GET',
    path: '/api/settings/organization/contact',
    capability: 'viewSettings',
    response: contactResponse,
    summary: 'Store contact details',
  }),
  route({
    ...u,
    area: 'settings',
    id: 'settings.updateContact',
    method: 'PUT',
    path: '/api/settings/organization/contact',
    capability: 'viewSettings',
    permission: 'systemSettings.configureSystem',
    body: contactBody,
    response: contactResponse,
    summary: 'Update store contact details',
  }),
  route({
    ...u,
    area: 'settings',
    id: 'settings.getHours',
    method: 'GET',
    path: '/api/settings/organization/hours',
    capability: 'viewSettings',
    response: hoursResponse,
    summary: 'Opening hours',
  }),
  route({
    ...u,
    area: 'settings',
    id: 'settings.updateHours',
    method: 'PUT',
    path: '/api/settings/organization/hours',
    capability: 'viewSettings',
    permission: 'systemSettings.configureSystem',
    body: hoursBody,
    response: hoursResponse,
    summary: 'Update opening hours',
  }),
  route({
    ...u,
    area: 'settings',
    id: 'settings.getTax',
    method: 'GET',
    path: '/api/settings/financial/tax',
    capability: 'isAdmin',
    response: taxResponse,
    summary: 'Tax settings',
  }),
  route({
    ...u,
    area: 'settings',
    id: 'settings.updateTax',
    method: 'PUT',
    path: '/api/settings/financial/tax',
    capability: 'isAdmin',
    body: taxBody,
    response: taxResponse,
    summary: 'Update tax settings',
  }),
  // General, Terms & Policies, Branding, Payments (R-SET-14..R-SET-17; functions/settings/storefront.ts)
  ...storePage('General', 'general', 14, generalBody, generalResponse, 'the time zone (IANA); currency and language'),
  ...storePage('Terms', 'terms', 15, termsBody, termsResponse, 'rental terms and cancellation policy (plain text)'),
  ...storePage('Branding', 'branding', 16, brandingBody, brandingResponse, 'the accent colour (#RRGGBB or empty)'),
  ...storePage('Payments', 'payments', 17, paymentsBody, paymentsResponse, 'in-person payment ways and instructions'),
  // Reminders (R-SET-7; functions/settings/reminders.ts)
  route({
    ...u,
    area: 'settings',
    id: 'settings.getReminders',
    method: 'GET',
    path: '/api/settings/reminders',
    capability: 'viewSettings',
    response: reminderSettingsResponse,
    summary:
      'Reminder defaults: on/off, offsets for service bookings and item rentals, late-return reminder, cancel cut-off',
    beyondSpec:
      'Reminders on the Notification Preferences page, a placeholder in the spec (docs/requirements/settings.md R-SET-7)',
  }),
  route({
    ...u,
    area: 'settings',
    id: 'settings.updateReminders',
    method: 'PUT',
    path: '/api/settings/reminders',
    capability: 'viewSettings',
    permission: 'systemSettings.configureSystem',
    body: reminderSettingsBody,
    response: reminderSettingsResponse,
    summary: 'Save the reminder defaults (offsets 15 minutes to 7 days, at most 5 each, repeats dropped)',
    beyondSpec:
      'Reminders on the Notification Preferences page, a placeholder in the spec (docs/requirements/settings.md R-SET-7)',
  }),
  route({
    ...u,
    area: 'settings',
    id: 'settings.getPermissions',
    method: 'GET',
    path: '/api/settings/permissions',
    capability: 'viewSettings',
    permission: 'userManagement.manageRoles',
    response: permissionsResponse,
    summary: 'Permission policy',
  }),
  route({
    ...u,
    area: 'settings',
    id: 'settings.updatePermissions',
    method: 'PUT',
    path: '/api/settings/permissions',
    capability: 'isAdmin',
    body: permissionsBody,
    response: permissionsSaveResponse,
    personOnly: true, // the matrix gives rights: a person decides it, never an API key (R-EMP-10)
    summary: 'Replace the permission policy',
  }),
  route({
    ...u,
    area: 'settings',
    id: 'settings.permissionLogs',
    method: 'GET',
    path: '/api/settings/permissions/logs',
    capability: 'viewSettings',
    permission: 'userManagement.manageRoles',
    query: permissionLogsQuery,
    response: permissionLogsResponse,
    summary: 'Permission change log',
  }),
  route({
    ...u,
    area: 'settings',
    id: 'settings.myPermissions',
    method: 'GET',
    path: '/api/settings/permissions/mine',
    response: myPermissionsResponse,
    summary: "The signed-in person's effective permissions",
    beyondSpec:
      "The SPA hides what the matrix denies (navigation, buttons) and must learn a policy change without a new sign-in, so it reads the caller's effective permissions",
  }),
] as const;
