import { route } from '../types.js';
import {
  contactBody, contactResponse, hoursBody, hoursResponse, myPermissionsResponse, permissionLogsQuery, permissionLogsResponse, permissionsBody,
  permissionsResponse, permissionsSaveResponse, taxBody, taxRateResponse, taxResponse,
} from '../settings-models.js';

const u = { access: 'user' } as const;
/** The settings area's routes (functions/settings). */
export const settingsRoutes = [
  // Store settings (schemas in ../settings-models.ts)
  route({ ...u, area: 'settings', id: 'settings.taxRate', method: 'GET', path: '/api/settings/tax_rate', response: taxRateResponse, summary: 'The tax rate as a number' }),
  route({ ...u, area: 'settings', id: 'settings.getContact', method: 'GET', path: '/api/settings/organization/contact', capability: 'viewSettings', response: contactResponse, summary: 'Store contact details' }),
  route({
    ...u, area: 'settings', id: 'settings.updateContact', method: 'PUT', path: '/api/settings/organization/contact', capability: 'viewSettings', permission: 'systemSettings.configureSystem',
    body: contactBody, response: contactResponse, summary: 'Update store contact details',
  }),
  route({ ...u, area: 'settings', id: 'settings.getHours', method: 'GET', path: '/api/settings/organization/hours', capability: 'viewSettings', response: hoursResponse, summary: 'Opening hours' }),
  route({
    ...u, area: 'settings', id: 'settings.updateHours', method: 'PUT', path: '/api/settings/organization/hours', capability: 'viewSettings', permission: 'systemSettings.configureSystem',
    body: hoursBody, response: hoursResponse, summary: 'Update opening hours',
  }),
  route({ ...u, area: 'settings', id: 'settings.getTax', method: 'GET', path: '/api/settings/financial/tax', capability: 'isAdmin', response: taxResponse, summary: 'Tax settings' }),
  route({ ...u, area: 'settings', id: 'settings.updateTax', method: 'PUT', path: '/api/settings/financial/tax', capability: 'isAdmin', body: taxBody, response: taxResponse, summary: 'Update tax settings' }),
  route({ ...u, area: 'settings', id: 'settings.getPermissions', method: 'GET', path: '/api/settings/permissions', capability: 'viewSettings', permission: 'userManagement.manageRoles', response: permissionsResponse, summary: 'Permission policy' }),
  route({ ...u, area: 'settings', id: 'settings.updatePermissions', method: 'PUT', path: '/api/settings/permissions', capability: 'isAdmin', body: permissionsBody, response: permissionsSaveResponse, summary: 'Replace the permission policy' }),
  route({ ...u, area: 'settings', id: 'settings.permissionLogs', method: 'GET', path: '/api/settings/permissions/logs', capability: 'viewSettings', permission: 'userManagement.manageRoles', query: permissionLogsQuery, response: permissionLogsResponse, summary: 'Permission change log' }),
  route({
    ...u, area: 'settings', id: 'settings.myPermissions', method: 'GET', path: '/api/settings/permissions/mine', response: myPermissionsResponse, summary: "The signed-in person's effective permissions",
    beyondSpec: 'The SPA hides what the matrix denies (navigation, buttons) and must learn a policy change without a new sign-in, so it reads the caller\'s effective permissions',
  }),
] as const;
