import * as z from '../../zod.js';
import { route } from '../types.js';
import { dayCheck, emailCheck, idParam, looseNumber } from '../common.js';
import { PHOTO_CONTENT_TYPES, PHOTO_MESSAGES } from '../../domain/photos.js';

const accessLevel = z.enum(['EMPLOYEE', 'MANAGER']);
const emailText = (message: string) => z.string().check(z.trim(), ...emailCheck(message));
const dayOrBlank = z.optional(z.union([z.string().check(...dayCheck()), z.literal(''), z.null()]));
const wage = z.optional(
  z.union([
    z.pipe(looseNumber, z.number().check(z.gte(0, 'Wage must be 0 or more'), z.lte(100_000, 'Wage is too large'))),
    z.literal(''),
    z.null(),
  ]),
);
const employeeFields = {
  firstName: z.string().check(z.trim(), z.minLength(1, 'First name is required'), z.maxLength(100)),
  lastName: z.string().check(z.trim(), z.minLength(1, 'Last name is required'), z.maxLength(100)),
  email: emailText('Please enter a valid email address'),
  phone: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(40)))),
  role: z.optional(z.enum(['EMPLOYEE', 'BUSINESS_ADMIN'])),
  jobRole: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(120)))),
  location: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(120)))),
  hourlyWage: wage,
  accessLevel: z.optional(accessLevel),
  startDate: dayOrBlank,
};
/** The modal's body and the detail page's four partial bodies (R-EMP-1). */
export const userUpdateBody = z.strictObject({
  ...employeeFields,
  firstName: z.optional(employeeFields.firstName),
  lastName: z.optional(employeeFields.lastName),
  email: z.optional(employeeFields.email),
  pin: z.optional(z.union([z.string().check(z.regex(/^\d{4}$/, 'PIN must be 4 digits')), z.literal(''), z.null()])),
  preferredName: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(100)))),
  personalEmail: z.optional(
    z.union([emailText('Please enter a valid personal email address'), z.literal(''), z.null()]),
  ),
  mobileNumber: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(40)))),
  emergencyContact: z.nullable(z.optional(z.string().check(z.maxLength(500)))),
  legalName: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(200)))),
  dateOfBirth: dayOrBlank,
  ssn: z.optional(
    z.union([
      z.string().check(z.trim(), z.regex(/^\d{3}-?\d{2}-?\d{4}$/, 'SSN must be 9 digits (XXX-XX-XXXX)')),
      z.literal(''),
      z.null(),
    ]),
  ),
  homeAddress: z.nullable(z.optional(z.string().check(z.maxLength(500)))),
  managerNotes: z.nullable(z.optional(z.string().check(z.maxLength(5000)))),
});
/** Invitations create EMPLOYEE accounts only (access level EMPLOYEE or MANAGER). */
export const inviteBody = z.object({ ...employeeFields, role: z.optional(z.literal('EMPLOYEE')) });
/** The setup link's token (shared/domain/employees.ts SETUP_TOKEN_PATTERN; checked by the handler with R-EMP-4's messages). */
// Written out, not imported: shared/domain/employees.ts brings date-fns into every bundle that reads the
// contract. shared/contract/openapi.test.ts checks the two agree.
export const SETUP_TOKEN_SOURCE = '^[A-Za-z0-9_-]{43}$';
export const completeSignupBody = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(4096), z.meta({ pattern: SETUP_TOKEN_SOURCE })),
  firstName: z.string().check(z.trim(), z.minLength(1, 'First name is required'), z.maxLength(100)),
  lastName: z.string().check(z.trim(), z.minLength(1, 'Last name is required'), z.maxLength(100)),
  phone: z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(40)))),
  email: employeeFields.email,
  password: z.string().check(z.minLength(8, 'Password must be at least 8 characters'), z.maxLength(1024)),
  termsAccepted: z.literal(true, {
    error: 'You must accept the Terms of Service, Privacy Policy, and User Agreement to continue.',
  }),
});
export const jobRoleBody = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'This field is required'), z.maxLength(120)),
  description: z.nullable(z.optional(z.string().check(z.maxLength(2000)))),
});
export const documentPresignBody = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Please provide both document name and file'), z.maxLength(200)),
  fileName: z.string().check(z.trim(), z.minLength(1, 'Please provide both document name and file'), z.maxLength(255)),
  fileSize: z.coerce.number().check(z.int(), z.gte(1, 'The file is empty')),
});

/** An employee picture: an image type and its size (the 10 MB ceiling is a 413 from the operation, as for service photos). */
export const picturePresignBody = z.object({
  contentType: z.pipe(
    z.pipe(
      z.string({ error: PHOTO_MESSAGES.notImage }),
      z.transform((v) => v.toLowerCase()),
    ),
    z.enum(PHOTO_CONTENT_TYPES, { error: PHOTO_MESSAGES.notImage }),
  ),
  size: z.coerce.number().check(z.int(), z.gte(1, PHOTO_MESSAGES.notImage)),
});
export const pictureSetBody = z.object({
  baseKey: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,100}$/, 'Invalid picture key')),
});

/** Answers. The full SSN, the date of birth's ciphertext, the PIN, password and token hashes never leave the server. */
export const employeeSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  username: z.string(),
  role: z.enum(['EMPLOYEE', 'BUSINESS_ADMIN', 'SUPER_ADMIN']),
  accessLevel,
  status: z.enum(['PENDING', 'ACTIVE', 'INACTIVE']),
  isActive: z.boolean(),
  jobRole: z.nullable(z.string()),
  location: z.nullable(z.string()),
  hourlyWage: z.nullable(z.number()),
  hourlyWageCents: z.nullable(z.number().check(z.int())),
  startDate: z.nullable(z.string()),
  createdAt: z.string(),
  organization: z.nullable(z.object({ name: z.string() })),
});
export const employeeDetailSchema = z.extend(employeeSchema, {
  hasPin: z.boolean(),
  preferredName: z.nullable(z.string()),
  personalEmail: z.nullable(z.string()),
  mobileNumber: z.nullable(z.string()),
  emergencyContact: z.nullable(z.string()),
  dateOfBirth: z.nullable(z.string()),
  ssnLast4: z.nullable(z.string().check(z.regex(/^\d{4}$/))),
  homeAddress: z.nullable(z.string()),
  managerNotes: z.nullable(z.string()),
  profilePicture: z.nullable(z.string()),
  setupExpiresAt: z.nullable(z.string()),
  deactivatedAt: z.nullable(z.string()),
});
export const jobRoleSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  createdAt: z.string(),
});
export const documentSchema = z.object({
  id: z.string(),
  name: z.string(),
  fileName: z.string(),
  fileSize: z.number().check(z.int()),
  mimeType: z.string(),
  fileUrl: z.string(),
  previewable: z.boolean(),
  createdAt: z.string(),
  uploadedByName: z.nullable(z.string()),
});
const okMessage = z.object({ success: z.literal(true), message: z.string() });

const u = { access: 'user' } as const;
const docParams = z.extend(idParam, { docId: z.string().check(z.minLength(1), z.maxLength(128)) });

/** The users area's routes (functions/users): employees, job roles, documents, the user list. */
export const usersRoutes = [
  // Employees (R-EMP-1). Who may do what: docs/decisions/employees-who-may-do-what.md.
  route({
    ...u,
    area: 'users',
    id: 'users.list',
    method: 'GET',
    path: '/api/users',
    capability: 'viewEmployees',
    permission: 'userManagement.viewUsers',
    response: z.object({ users: z.array(employeeSchema) }),
    summary: 'Employees',
  }),
  route({
    ...u,
    area: 'users',
    id: 'users.listJobRoles',
    method: 'GET',
    path: '/api/job-roles',
    response: z.object({ jobRoles: z.array(jobRoleSchema) }),
    summary: 'Job roles',
  }),
  route({
    ...u,
    area: 'users',
    id: 'users.get',
    method: 'GET',
    path: '/api/users/{id}',
    capability: 'viewEmployees',
    permission: 'userManagement.viewUsers',
    params: idParam,
    response: z.object({ employee: employeeDetailSchema }),
    summary: 'One employee',
  }),
  route({
    ...u,
    area: 'users',
    id: 'users.update',
    method: 'PUT',
    path: '/api/users/{id}',
    capability: 'viewEmployees',
    permission: 'userManagement.manageRoles',
    params: idParam,
    body: userUpdateBody,
    response: z.object({ success: z.literal(true), message: z.string(), employee: employeeDetailSchema }),
    summary: 'Edit an employee',
  }),
  route({
    ...u,
    area: 'users',
    id: 'users.invite',
    method: 'POST',
    path: '/api/users/invite',
    capability: 'manageUsers',
    body: inviteBody,
    idempotent: true,
    response: z.object({
      success: z.literal(true),
      message: z.string(),
      emailSent: z.boolean(),
      employee: employeeDetailSchema,
    }),
    summary: 'Invite an employee',
  }),
  route({
    ...u,
    area: 'users',
    id: 'users.resendInvite',
    method: 'POST',
    path: '/api/users/{id}/resend-invite',
    capability: 'manageUsers',
    params: idParam,
    response: z.object({
      success: z.literal(true),
      message: z.string(),
      emailSent: z.boolean(),
      setupExpiresAt: z.string(),
    }),
    summary: 'Resend an employee invitation',
  }),
  route({
    ...u,
    area: 'users',
    id: 'users.deactivate',
    method: 'PATCH',
    path: '/api/users/{id}/deactivate',
    capability: 'manageUsers',
    params: idParam,
    response: okMessage,
    summary: 'Deactivate an employee',
  }),
  route({
    ...u,
    area: 'users',
    id: 'users.delete',
    method: 'DELETE',
    path: '/api/users/{id}',
    capability: 'manageUsers',
    params: idParam,
    response: okMessage,
    summary: 'Delete an employee',
  }),
  route({
    access: 'public',
    area: 'users',
    id: 'users.completeSignup',
    method: 'POST',
    path: '/api/users/complete-signup',
    body: completeSignupBody,
    idempotent: true,
    response: z.object({ success: z.literal(true), message: z.string(), username: z.string() }),
    summary: 'Employee account setup from a setup link',
  }),
  route({
    access: 'public',
    area: 'users',
    id: 'users.setupDetails',
    method: 'GET',
    path: '/api/users/complete-signup',
    // Required in practice: functions/users/account-setup.ts refuses a missing or malformed token with
    // 400 and R-EMP-4's messages (InvalidSetupToken), so the schema states it for the OpenAPI document only.
    query: z
      .object({ token: z.optional(z.string().check(z.maxLength(4096), z.meta({ pattern: SETUP_TOKEN_SOURCE }))) })
      .check(z.meta({ required: ['token'] })),
    response: z.object({
      valid: z.literal(true),
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      phone: z.nullable(z.string()),
      expiresAt: z.string(),
    }),
    summary: 'The pending account a setup link names: the setup form shows its e-mail read-only and prefills the names',
    beyondSpec:
      'The account keeps the invited address (docs/decisions/sessions-follow-the-account.md), so the form must show it before anything is sent; a used, replaced or expired link answers as the setup would',
  }),
  route({
    ...u,
    area: 'users',
    id: 'users.createJobRole',
    method: 'POST',
    path: '/api/job-roles',
    capability: 'manageUsers',
    body: jobRoleBody,
    idempotent: true,
    response: z.object({ jobRole: jobRoleSchema, created: z.boolean() }),
    summary: 'Add a job role',
  }),
  route({
    ...u,
    area: 'users',
    id: 'users.listDocuments',
    method: 'GET',
    path: '/api/users/{id}/documents',
    capability: 'viewEmployees',
    permission: 'userManagement.viewUsers',
    params: idParam,
    response: z.object({ documents: z.array(documentSchema) }),
    summary: 'Employee documents',
  }),
  route({
    ...u,
    area: 'users',
    id: 'users.uploadDocument',
    method: 'POST',
    path: '/api/users/{id}/documents',
    capability: 'viewEmployees',
    permission: 'userManagement.manageRoles',
    params: idParam,
    kind: 'multipart',
    response: z.object({ document: documentSchema }),
    summary:
      'Upload an employee document (multipart name, file, employeeId; up to 4 MB here, larger files through the presign route)',
  }),
  route({
    ...u,
    area: 'users',
    id: 'users.presignDocument',
    method: 'POST',
    path: '/api/users/{id}/documents/presign',
    capability: 'viewEmployees',
    permission: 'userManagement.manageRoles',
    params: idParam,
    body: documentPresignBody,
    idempotent: true,
    response: z.object({
      document: z.object({ id: z.string() }),
      upload: z.object({ url: z.string(), fields: z.record(z.string(), z.string()) }),
      maxBytes: z.number(),
    }),
    summary: 'A presigned S3 POST for an employee document up to 10 MB',
    beyondSpec:
      'A 10 MB document cannot pass through API Gateway and Lambda (6 MB request limit): the browser uploads it straight to S3, then the complete route checks its bytes',
  }),
  route({
    ...u,
    area: 'users',
    id: 'users.completeDocument',
    method: 'POST',
    path: '/api/users/{id}/documents/{docId}/complete',
    capability: 'viewEmployees',
    permission: 'userManagement.manageRoles',
    params: docParams,
    response: z.object({ document: documentSchema }),
    summary: 'Check an uploaded document by its bytes and size, then list it',
    beyondSpec:
      'Second half of the presigned upload: the server reads the stored bytes (magic numbers) and size before the document is listed; a bad file is deleted',
  }),
  route({
    ...u,
    area: 'users',
    id: 'users.documentFile',
    method: 'GET',
    path: '/api/users/{id}/documents/{docId}/file',
    capability: 'viewEmployees',
    permission: 'userManagement.viewUsers',
    params: docParams,
    query: z.object({ preview: z.optional(z.enum(['true', 'false'])) }),
    response: z.object({
      url: z.string(),
      fileName: z.string(),
      mimeType: z.string(),
      disposition: z.enum(['inline', 'attachment']),
      expiresIn: z.number(),
    }),
    summary:
      "The document's fileUrl: a short-lived link to the file (inline for previewable types with preview=true, else a download)",
    beyondSpec:
      "R-EMP-7 names each document's fileUrl, fetched with preview=true and the bearer token; a 10 MB file exceeds Lambda's 6 MB answer, so this answers a 5-minute presigned link instead of the bytes",
  }),
  route({
    ...u,
    area: 'users',
    id: 'users.deleteDocument',
    method: 'DELETE',
    path: '/api/users/{id}/documents/{docId}',
    capability: 'viewEmployees',
    permission: 'userManagement.manageRoles',
    params: docParams,
    response: okMessage,
    summary: 'Delete an employee document',
  }),
  // Employee picture (R-EMP-8): the photos' checked upload path (docs/decisions/employees-picture-upload.md).
  route({
    ...u,
    area: 'users',
    id: 'users.presignPicture',
    method: 'POST',
    path: '/api/users/{id}/picture/presign',
    capability: 'viewEmployees',
    permission: 'userManagement.manageRoles',
    params: idParam,
    body: picturePresignBody,
    idempotent: true,
    response: z.object({
      baseKey: z.string(),
      upload: z.object({ url: z.string(), fields: z.record(z.string(), z.string()) }),
      maxBytes: z.number(),
    }),
    summary: "A presigned S3 POST for an employee's picture (an image up to 10 MB)",
    beyondSpec:
      'The specification leaves picture upload unbuilt (an alert); it goes the way of service photos: straight to S3 under incoming/, checked and resized by the resize step',
  }),
  route({
    ...u,
    area: 'users',
    id: 'users.setPicture',
    method: 'PUT',
    path: '/api/users/{id}/picture',
    capability: 'viewEmployees',
    permission: 'userManagement.manageRoles',
    params: idParam,
    body: pictureSetBody,
    response: z.object({ success: z.literal(true), message: z.string(), employee: employeeDetailSchema }),
    summary:
      "Make an uploaded picture the employee's (once the resize step has accepted it); the previous one is removed",
    beyondSpec:
      'Second half of the picture upload: the employee record takes the picture only after its bytes are checked',
  }),
  route({
    ...u,
    area: 'users',
    id: 'users.deletePicture',
    method: 'DELETE',
    path: '/api/users/{id}/picture',
    capability: 'viewEmployees',
    permission: 'userManagement.manageRoles',
    params: idParam,
    response: z.object({ success: z.literal(true), message: z.string(), employee: employeeDetailSchema }),
    summary: "Remove the employee's picture (the header shows initials again)",
    beyondSpec: 'The picture upload is beyond the specification; so is taking a picture away',
  }),
] as const;
