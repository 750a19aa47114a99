import { z } from 'zod';
import { route } from '../types.js';
import { idParam, looseNumber } from '../common.js';
import {
  contactBody, contactResponse, hoursBody, hoursResponse, myPermissionsResponse, permissionLogsQuery, permissionLogsResponse, permissionsBody,
  permissionsResponse, permissionsSaveResponse, taxBody, taxRateResponse, taxResponse,
} from '../settings-models.js';

const accessLevel = z.enum(['EMPLOYEE', 'MANAGER']);
const employeeFields = {
  firstName: z.string().trim().min(1, 'First name is required').max(100),
  lastName: z.string().trim().min(1, 'Last name is required').max(100),
  email: z.string().trim().max(254).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address'),
  phone: z.string().trim().max(40).optional().nullable(),
  role: z.enum(['EMPLOYEE', 'BUSINESS_ADMIN']).optional(),
  jobRole: z.string().max(120).optional().nullable(),
  location: z.string().max(120).optional().nullable(),
  hourlyWage: z.union([looseNumber, z.literal(''), z.null()]).optional(),
  accessLevel: accessLevel.optional(),
  startDate: z.string().max(40).optional().nullable(),
};
const userUpdateBody = z.object({
  ...employeeFields,
  firstName: employeeFields.firstName.optional(),
  lastName: employeeFields.lastName.optional(),
  email: employeeFields.email.optional(),
  pin: z.string().regex(/^\d{4}$/, 'PIN must be 4 digits').optional().nullable(),
  preferredName: z.string().max(100).optional().nullable(),
  personalEmail: z.string().max(254).optional().nullable(),
  mobileNumber: z.string().max(40).optional().nullable(),
  emergencyContact: z.string().max(500).optional().nullable(),
  legalName: z.string().max(200).optional().nullable(),
  dateOfBirth: z.string().max(40).optional().nullable(),
  ssn: z.string().max(20).optional().nullable(),
  homeAddress: z.string().max(500).optional().nullable(),
  managerNotes: z.string().max(5000).optional().nullable(),
}).strict();

const u = { access: 'user' } as const;
const docParams = idParam.extend({ docId: z.string().min(1).max(128) });

export const peopleRoutes = [
  // Employees
  route({ ...u, area: 'users', id: 'users.list', method: 'GET', path: '/api/users', capability: 'viewEmployees', permission: 'userManagement.viewUsers', summary: 'Employees' }),
  route({ ...u, area: 'users', id: 'users.listJobRoles', method: 'GET', path: '/api/job-roles', summary: 'Job roles' }),
  route({ ...u, area: 'users', id: 'users.get', method: 'GET', path: '/api/users/{id}', capability: 'viewEmployees', permission: 'userManagement.viewUsers', params: idParam, summary: 'One employee' }),
  route({ ...u, area: 'users', id: 'users.update', method: 'PUT', path: '/api/users/{id}', capability: 'viewEmployees', permission: 'userManagement.manageRoles', params: idParam, body: userUpdateBody, summary: 'Edit an employee' }),
  route({ ...u, area: 'users', id: 'users.invite', method: 'POST', path: '/api/users/invite', capability: 'manageUsers', body: z.object(employeeFields), summary: 'Invite an employee' }),
  route({ ...u, area: 'users', id: 'users.resendInvite', method: 'POST', path: '/api/users/{id}/resend-invite', capability: 'manageUsers', params: idParam, summary: 'Resend an employee invitation' }),
  route({ ...u, area: 'users', id: 'users.deactivate', method: 'PATCH', path: '/api/users/{id}/deactivate', capability: 'manageUsers', params: idParam, summary: 'Deactivate an employee' }),
  route({ ...u, area: 'users', id: 'users.delete', method: 'DELETE', path: '/api/users/{id}', capability: 'manageUsers', params: idParam, summary: 'Delete an employee' }),
  route({
    access: 'public', area: 'users', id: 'users.completeSignup', method: 'POST', path: '/api/users/complete-signup',
    body: z.object({
      token: z.string().min(1).max(4096), firstName: z.string().trim().min(1).max(100), lastName: z.string().trim().min(1).max(100),
      phone: z.string().trim().max(40).optional().nullable(), email: z.string().trim().max(254).optional(), password: z.string().min(8, 'Password must be at least 8 characters').max(1024),
      termsAccepted: z.literal(true, { error: 'You must accept the terms' }),
    }),
    summary: 'Employee account setup from a setup link',
  }),
  route({ ...u, area: 'users', id: 'users.createJobRole', method: 'POST', path: '/api/job-roles', capability: 'manageUsers', body: z.object({ name: z.string().trim().min(1, 'Name is required').max(120), description: z.string().max(2000).optional().nullable() }), summary: 'Add a job role' }),
  route({ ...u, area: 'users', id: 'users.listDocuments', method: 'GET', path: '/api/users/{id}/documents', capability: 'viewEmployees', permission: 'userManagement.viewUsers', params: idParam, summary: 'Employee documents' }),
  route({ ...u, area: 'users', id: 'users.uploadDocument', method: 'POST', path: '/api/users/{id}/documents', capability: 'viewEmployees', permission: 'userManagement.manageRoles', params: idParam, kind: 'multipart', summary: 'Upload an employee document' }),
  route({ ...u, area: 'users', id: 'users.deleteDocument', method: 'DELETE', path: '/api/users/{id}/documents/{docId}', capability: 'viewEmployees', permission: 'userManagement.manageRoles', params: docParams, summary: 'Delete an employee document' }),
  route({ ...u, area: 'users', id: 'users.performance', method: 'GET', path: '/api/users/{id}/performance', capability: 'viewEmployees', permission: 'userManagement.viewUsers', params: idParam, summary: 'Employee performance' }),
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
  // Live updates
  route({ access: 'user', area: 'events', id: 'events.dashboard', method: 'GET', path: '/api/events/dashboard', kind: 'stream', query: z.object({ token: z.string().max(4096).optional(), lastEventId: z.string().max(8000).optional() }), summary: 'Server-sent dashboard events: one short answer per request (events since Last-Event-ID, then retry)' }),
] as const;
