import { z } from 'zod';
import { EMAIL_PATTERN } from '../../domain/email.js';
import { route } from '../types.js';
import { eventStreamResponse, idParam, looseNumber } from '../common.js';
import {
  contactBody, contactResponse, hoursBody, hoursResponse, myPermissionsResponse, permissionLogsQuery, permissionLogsResponse, permissionsBody,
  permissionsResponse, permissionsSaveResponse, taxBody, taxRateResponse, taxResponse,
} from '../settings-models.js';
import { performanceResponse } from '../timesheet-models.js';

const accessLevel = z.enum(['EMPLOYEE', 'MANAGER']);
const emailText = (message: string) => z.string().trim().max(254).regex(EMAIL_PATTERN, message);
const dayOrBlank = z.union([z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be YYYY-MM-DD'), z.literal(''), z.null()]).optional();
const wage = z.union([looseNumber.pipe(z.number().min(0, 'Wage must be 0 or more').max(100_000, 'Wage is too large')), z.literal(''), z.null()]).optional();
const employeeFields = {
  firstName: z.string().trim().min(1, 'First name is required').max(100),
  lastName: z.string().trim().min(1, 'Last name is required').max(100),
  email: emailText('Please enter a valid email address'),
  phone: z.string().trim().max(40).optional().nullable(),
  role: z.enum(['EMPLOYEE', 'BUSINESS_ADMIN']).optional(),
  jobRole: z.string().trim().max(120).optional().nullable(),
  location: z.string().trim().max(120).optional().nullable(),
  hourlyWage: wage,
  accessLevel: accessLevel.optional(),
  startDate: dayOrBlank,
};
/** The modal's body and the detail page's four partial bodies (document 3 §7). */
export const userUpdateBody = z.object({
  ...employeeFields,
  firstName: employeeFields.firstName.optional(),
  lastName: employeeFields.lastName.optional(),
  email: employeeFields.email.optional(),
  pin: z.union([z.string().regex(/^\d{4}$/, 'PIN must be 4 digits'), z.literal(''), z.null()]).optional(),
  preferredName: z.string().trim().max(100).optional().nullable(),
  personalEmail: z.union([emailText('Please enter a valid personal email address'), z.literal(''), z.null()]).optional(),
  mobileNumber: z.string().trim().max(40).optional().nullable(),
  emergencyContact: z.string().max(500).optional().nullable(),
  legalName: z.string().trim().max(200).optional().nullable(),
  dateOfBirth: dayOrBlank,
  ssn: z.union([z.string().trim().regex(/^\d{3}-?\d{2}-?\d{4}$/, 'SSN must be 9 digits (XXX-XX-XXXX)'), z.literal(''), z.null()]).optional(),
  homeAddress: z.string().max(500).optional().nullable(),
  managerNotes: z.string().max(5000).optional().nullable(),
}).strict();
/** Invitations create EMPLOYEE accounts only (access level EMPLOYEE or MANAGER). */
export const inviteBody = z.object({ ...employeeFields, role: z.literal('EMPLOYEE').optional() });
export const completeSignupBody = z.object({
  token: z.string().min(1).max(4096),
  firstName: z.string().trim().min(1, 'First name is required').max(100),
  lastName: z.string().trim().min(1, 'Last name is required').max(100),
  phone: z.string().trim().max(40).optional().nullable(),
  email: employeeFields.email,
  password: z.string().min(8, 'Password must be at least 8 characters').max(1024),
  termsAccepted: z.literal(true, { error: 'You must accept the Terms of Service, Privacy Policy, and User Agreement to continue.' }),
});
export const jobRoleBody = z.object({ name: z.string().trim().min(1, 'This field is required').max(120), description: z.string().max(2000).optional().nullable() });
export const documentPresignBody = z.object({
  name: z.string().trim().min(1, 'Please provide both document name and file').max(200),
  fileName: z.string().trim().min(1, 'Please provide both document name and file').max(255),
  fileSize: z.coerce.number().int().min(1, 'The file is empty'),
});

/** Answers. The full SSN, the date of birth's ciphertext, the PIN, password and token hashes never leave the server. */
export const employeeSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  username: z.string(),
  role: z.enum(['EMPLOYEE', 'BUSINESS_ADMIN', 'SUPER_ADMIN']),
  accessLevel,
  status: z.enum(['PENDING', 'ACTIVE', 'INACTIVE']),
  isActive: z.boolean(),
  jobRole: z.string().nullable(),
  location: z.string().nullable(),
  hourlyWage: z.number().nullable(),
  hourlyWageCents: z.number().int().nullable(),
  startDate: z.string().nullable(),
  createdAt: z.string(),
  organization: z.object({ name: z.string() }).nullable(),
});
export const employeeDetailSchema = employeeSchema.extend({
  hasPin: z.boolean(),
  preferredName: z.string().nullable(),
  personalEmail: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  emergencyContact: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  ssnLast4: z.string().regex(/^\d{4}$/).nullable(),
  homeAddress: z.string().nullable(),
  managerNotes: z.string().nullable(),
  profilePicture: z.string().nullable(),
  setupExpiresAt: z.string().nullable(),
  deactivatedAt: z.string().nullable(),
});
export const jobRoleSchema = z.object({ id: z.string(), name: z.string(), description: z.string().nullable(), createdAt: z.string() });
export const documentSchema = z.object({
  id: z.string(), name: z.string(), fileName: z.string(), fileSize: z.number().int(), mimeType: z.string(),
  fileUrl: z.string(), previewable: z.boolean(), createdAt: z.string(), uploadedByName: z.string().nullable(),
});
const okMessage = z.object({ success: z.literal(true), message: z.string() });

const u = { access: 'user' } as const;
const docParams = idParam.extend({ docId: z.string().min(1).max(128) });

export const peopleRoutes = [
  // Employees (document 3 §7). Who may do what: docs/decisions.md, "Employees".
  route({ ...u, area: 'users', id: 'users.list', method: 'GET', path: '/api/users', capability: 'viewEmployees', permission: 'userManagement.viewUsers', response: z.object({ users: z.array(employeeSchema) }), summary: 'Employees' }),
  route({ ...u, area: 'users', id: 'users.listJobRoles', method: 'GET', path: '/api/job-roles', response: z.object({ jobRoles: z.array(jobRoleSchema) }), summary: 'Job roles' }),
  route({ ...u, area: 'users', id: 'users.get', method: 'GET', path: '/api/users/{id}', capability: 'viewEmployees', permission: 'userManagement.viewUsers', params: idParam, response: z.object({ employee: employeeDetailSchema }), summary: 'One employee' }),
  route({ ...u, area: 'users', id: 'users.update', method: 'PUT', path: '/api/users/{id}', capability: 'viewEmployees', permission: 'userManagement.manageRoles', params: idParam, body: userUpdateBody, response: z.object({ success: z.literal(true), message: z.string(), employee: employeeDetailSchema }), summary: 'Edit an employee' }),
  route({ ...u, area: 'users', id: 'users.invite', method: 'POST', path: '/api/users/invite', capability: 'manageUsers', body: inviteBody, idempotent: true, response: z.object({ success: z.literal(true), message: z.string(), emailSent: z.boolean(), employee: employeeDetailSchema }), summary: 'Invite an employee' }),
  route({ ...u, area: 'users', id: 'users.resendInvite', method: 'POST', path: '/api/users/{id}/resend-invite', capability: 'manageUsers', params: idParam, response: z.object({ success: z.literal(true), message: z.string(), emailSent: z.boolean(), setupExpiresAt: z.string() }), summary: 'Resend an employee invitation' }),
  route({ ...u, area: 'users', id: 'users.deactivate', method: 'PATCH', path: '/api/users/{id}/deactivate', capability: 'manageUsers', params: idParam, response: okMessage, summary: 'Deactivate an employee' }),
  route({ ...u, area: 'users', id: 'users.delete', method: 'DELETE', path: '/api/users/{id}', capability: 'manageUsers', params: idParam, response: okMessage, summary: 'Delete an employee' }),
  route({
    access: 'public', area: 'users', id: 'users.completeSignup', method: 'POST', path: '/api/users/complete-signup',
    body: completeSignupBody, idempotent: true, response: z.object({ success: z.literal(true), message: z.string(), username: z.string() }),
    summary: 'Employee account setup from a setup link',
  }),
  route({ ...u, area: 'users', id: 'users.createJobRole', method: 'POST', path: '/api/job-roles', capability: 'manageUsers', body: jobRoleBody, idempotent: true, response: z.object({ jobRole: jobRoleSchema, created: z.boolean() }), summary: 'Add a job role' }),
  route({ ...u, area: 'users', id: 'users.listDocuments', method: 'GET', path: '/api/users/{id}/documents', capability: 'viewEmployees', permission: 'userManagement.viewUsers', params: idParam, response: z.object({ documents: z.array(documentSchema) }), summary: 'Employee documents' }),
  route({
    ...u, area: 'users', id: 'users.uploadDocument', method: 'POST', path: '/api/users/{id}/documents', capability: 'viewEmployees', permission: 'userManagement.manageRoles', params: idParam, kind: 'multipart',
    response: z.object({ document: documentSchema }), summary: 'Upload an employee document (multipart name, file, employeeId; up to 4 MB here, larger files through the presign route)',
  }),
  route({
    ...u, area: 'users', id: 'users.presignDocument', method: 'POST', path: '/api/users/{id}/documents/presign', capability: 'viewEmployees', permission: 'userManagement.manageRoles', params: idParam, body: documentPresignBody, idempotent: true,
    response: z.object({ document: z.object({ id: z.string() }), upload: z.object({ url: z.string(), fields: z.record(z.string(), z.string()) }), maxBytes: z.number() }),
    summary: 'A presigned S3 POST for an employee document up to 10 MB',
    beyondSpec: 'A 10 MB document cannot pass through API Gateway and Lambda (6 MB request limit): the browser uploads it straight to S3, then the complete route checks its bytes',
  }),
  route({
    ...u, area: 'users', id: 'users.completeDocument', method: 'POST', path: '/api/users/{id}/documents/{docId}/complete', capability: 'viewEmployees', permission: 'userManagement.manageRoles', params: docParams,
    response: z.object({ document: documentSchema }), summary: 'Check an uploaded document by its bytes and size, then list it',
    beyondSpec: 'Second half of the presigned upload: the server reads the stored bytes (magic numbers) and size before the document is listed; a bad file is deleted',
  }),
  route({
    ...u, area: 'users', id: 'users.documentFile', method: 'GET', path: '/api/users/{id}/documents/{docId}/file', capability: 'viewEmployees', permission: 'userManagement.viewUsers', params: docParams,
    query: z.object({ preview: z.enum(['true', 'false']).optional() }),
    response: z.object({ url: z.string(), fileName: z.string(), mimeType: z.string(), disposition: z.enum(['inline', 'attachment']), expiresIn: z.number() }),
    summary: "The document's fileUrl: a short-lived link to the file (inline for previewable types with preview=true, else a download)",
    beyondSpec: "Document 3 §7 names each document's fileUrl, fetched with preview=true and the bearer token; a 10 MB file exceeds Lambda's 6 MB answer, so this answers a 5-minute presigned link instead of the bytes",
  }),
  route({ ...u, area: 'users', id: 'users.deleteDocument', method: 'DELETE', path: '/api/users/{id}/documents/{docId}', capability: 'viewEmployees', permission: 'userManagement.manageRoles', params: docParams, response: okMessage, summary: 'Delete an employee document' }),
  route({ ...u, area: 'timesheets', id: 'timesheets.performance', method: 'GET', path: '/api/users/{id}/performance', capability: 'viewEmployees', permission: 'userManagement.viewUsers', params: idParam, response: performanceResponse, summary: 'Employee performance from their timesheets (functions/timesheets)' }),
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
  route({ access: 'user', area: 'events', id: 'events.dashboard', method: 'GET', path: '/api/events/dashboard', kind: 'stream', query: z.object({ token: z.string().max(4096).optional(), lastEventId: z.string().max(8000).optional() }), response: eventStreamResponse, summary: 'Server-sent dashboard events: one short answer per request (events since Last-Event-ID, then retry)' }),
] as const;
