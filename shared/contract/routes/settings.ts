import type * as z from '../../zod.js';
import { route } from '../types.js';
import { idParam, okResponse } from '../common.js';
import {
  calendarFeedBody,
  calendarFeedCreatedResponse,
  calendarFeedListResponse,
  calendarFeedParams,
  calendarFileResponse,
} from '../calendar-feed-models.js';
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
  // Calendar feeds (docs/requirements/settings.md R-SET-8; schemas in ../calendar-feed-models.ts)
  route({
    ...u,
    area: 'settings',
    id: 'settings.listCalendarFeeds',
    method: 'GET',
    path: '/api/settings/calendar-feeds',
    capability: 'viewSettings',
    permission: 'reservations.view',
    response: calendarFeedListResponse,
    summary: "The tenant's calendar feeds (never their addresses)",
    beyondSpec:
      'Calendar feeds (R-SET-8): staff subscribe their calendars to the bookings; the feeds are listed to be revoked',
  }),
  route({
    ...u,
    area: 'settings',
    id: 'settings.createCalendarFeed',
    personOnly: true, // a feed lives as long as its creator's account (R-SET-8): an API key is nobody (R-SET-9)
    method: 'POST',
    path: '/api/settings/calendar-feeds',
    capability: 'viewSettings',
    permission: 'reservations.view',
    idempotent: true,
    body: calendarFeedBody,
    response: calendarFeedCreatedResponse,
    summary: 'Create a calendar feed; its secret address is answered once',
    beyondSpec: 'Calendar feeds (R-SET-8): a secret iCalendar address per feed (all bookings, one service or one item)',
  }),
  route({
    ...u,
    area: 'settings',
    id: 'settings.deleteCalendarFeed',
    method: 'DELETE',
    path: '/api/settings/calendar-feeds/{id}',
    capability: 'viewSettings',
    permission: 'reservations.view',
    params: idParam,
    response: okResponse,
    summary: 'Revoke a calendar feed (its address answers 404 at once)',
    beyondSpec: 'Calendar feeds (R-SET-8): a leaked or unused feed address is revoked',
  }),
  route({
    access: 'public',
    area: 'settings',
    id: 'settings.calendarFeed',
    method: 'GET',
    path: '/public/calendar/{token}',
    params: calendarFeedParams,
    kind: 'file',
    response: calendarFileResponse,
    summary: 'A calendar feed as text/calendar (`{token}.ics`); the tenant comes from the token',
    beyondSpec:
      'Calendar feeds (R-SET-8): calendar apps (Google, Apple, Outlook) poll a secret address without signing in; ETag and Cache-Control keep the polls cheap',
  }),
] as const;
