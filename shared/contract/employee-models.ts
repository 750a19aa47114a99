/**
 * Employees on the wire (R-EMP-1..8): the bodies the employee screens and the setup form send, and
 * the answers of functions/users. The SPA's forms use these same schemas.
 */
import * as z from '../zod.js';
import { dayCheck, emailCheck, idParam, looseNumber } from './common.js';
import { PHOTO_CONTENT_TYPES, PHOTO_MESSAGES } from '../domain/photos.js';

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
  firstName: z.string().check(z.trim(), z.singleLine(), z.minLength(1, 'First name is required'), z.maxLength(100)),
  lastName: z.string().check(z.trim(), z.singleLine(), z.minLength(1, 'Last name is required'), z.maxLength(100)),
  email: emailText('Please enter a valid email address'),
  phone: z.nullable(z.optional(z.string().check(z.trim(), z.singleLine(), z.maxLength(40)))),
  role: z.optional(z.enum(['EMPLOYEE', 'BUSINESS_ADMIN'])),
  jobRole: z.nullable(z.optional(z.string().check(z.trim(), z.singleLine(), z.maxLength(120)))),
  location: z.nullable(z.optional(z.string().check(z.trim(), z.singleLine(), z.maxLength(120)))),
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
  preferredName: z.nullable(z.optional(z.string().check(z.trim(), z.singleLine(), z.maxLength(100)))),
  personalEmail: z.optional(
    z.union([emailText('Please enter a valid personal email address'), z.literal(''), z.null()]),
  ),
  mobileNumber: z.nullable(z.optional(z.string().check(z.trim(), z.singleLine(), z.maxLength(40)))),
  emergencyContact: z.nullable(z.optional(z.string().check(z.singleLine(), z.maxLength(500)))),
  legalName: z.nullable(z.optional(z.string().check(z.trim(), z.singleLine(), z.maxLength(200)))),
  dateOfBirth: dayOrBlank,
  ssn: z.optional(
    z.union([
      z.string().check(z.trim(), z.regex(/^\d{3}-?\d{2}-?\d{4}$/, 'SSN must be 9 digits (XXX-XX-XXXX)')),
      z.literal(''),
      z.null(),
    ]),
  ),
  homeAddress: z.nullable(z.optional(z.string().check(z.singleLine(), z.maxLength(500)))),
  managerNotes: z.nullable(z.optional(z.string().check(z.multiLine(), z.maxLength(5000)))),
});
/** Invitations create EMPLOYEE accounts only (access level EMPLOYEE or MANAGER). */
export const inviteBody = z.object({ ...employeeFields, role: z.optional(z.literal('EMPLOYEE')) });
/** The setup link's token (shared/domain/employees.ts SETUP_TOKEN_PATTERN; checked by the handler with R-EMP-4's messages). */
// Written out, not imported: shared/domain/employees.ts brings date-fns into every bundle that reads the
// contract. shared/contract/openapi.test.ts checks the two agree.
export const SETUP_TOKEN_SOURCE = '^[A-Za-z0-9_-]{43}$';
export const completeSignupBody = z.object({
  token: z.string().check(z.singleLine(), z.minLength(1), z.maxLength(4096), z.meta({ pattern: SETUP_TOKEN_SOURCE })),
  firstName: z.string().check(z.trim(), z.singleLine(), z.minLength(1, 'First name is required'), z.maxLength(100)),
  lastName: z.string().check(z.trim(), z.singleLine(), z.minLength(1, 'Last name is required'), z.maxLength(100)),
  phone: z.nullable(z.optional(z.string().check(z.trim(), z.singleLine(), z.maxLength(40)))),
  email: employeeFields.email,
  password: z
    .string()
    .check(z.singleLine(), z.minLength(8, 'Password must be at least 8 characters'), z.maxLength(1024)),
  termsAccepted: z.literal(true, {
    error: 'You must accept the Terms of Service, Privacy Policy, and User Agreement to continue.',
  }),
});
export const jobRoleBody = z.object({
  name: z.string().check(z.trim(), z.singleLine(), z.minLength(1, 'This field is required'), z.maxLength(120)),
  description: z.nullable(z.optional(z.string().check(z.multiLine(), z.maxLength(2000)))),
});
export const documentPresignBody = z.object({
  name: z
    .string()
    .check(z.trim(), z.singleLine(), z.minLength(1, 'Please provide both document name and file'), z.maxLength(200)),
  fileName: z
    .string()
    .check(z.trim(), z.singleLine(), z.minLength(1, 'Please provide both document name and file'), z.maxLength(255)),
  fileSize: z.coerce.number().check(z.int(), z.gte(1, 'The file is empty')),
});

/** An employee picture: an image type and its size (the 10 MB ceiling is a 413 from the operation, as for service photos). */
export const picturePresignBody = z.object({
  contentType: z.pipe(
    z.pipe(
      z.string({ error: PHOTO_MESSAGES.notImage }).check(z.singleLine()),
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
  /** The account that created the organization (R-EMP-10): only it removes or demotes administrators. */
  isOwner: z.boolean(),
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
  /** R-EMP-9: a new address waiting for its owner's confirmation (the `email` above stays in use until then). */
  pendingEmail: z.nullable(z.string()),
  pendingEmailExpiresAt: z.nullable(z.string()),
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
export const okMessage = z.object({ success: z.literal(true), message: z.string() });
/** A document of an employee: the employee's id and the document's. */
export const docParams = z.extend(idParam, {
  docId: z.string().check(z.singleLine(), z.minLength(1), z.maxLength(128)),
});

/** An edited employee (the modal, the detail page's tabs, the picture routes). */
export const employeeSavedResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  employee: employeeDetailSchema,
});
export const inviteResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  emailSent: z.boolean(),
  employee: employeeDetailSchema,
});
export const resendInviteResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  emailSent: z.boolean(),
  setupExpiresAt: z.string(),
});
/**
 * The setup link's details. Required in practice: functions/users/account-setup.ts refuses a missing or
 * malformed token with 400 and R-EMP-4's messages (InvalidSetupToken), so the schema states it for the
 * OpenAPI document only.
 */
export const setupDetailsQuery = z
  .object({
    token: z.optional(z.string().check(z.singleLine(), z.maxLength(4096), z.meta({ pattern: SETUP_TOKEN_SOURCE }))),
  })
  .check(z.meta({ required: ['token'] }));
export const setupDetailsResponse = z.object({
  valid: z.literal(true),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.nullable(z.string()),
  expiresAt: z.string(),
});
export const documentPresignResponse = z.object({
  document: z.object({ id: z.string() }),
  upload: z.object({ url: z.string(), fields: z.record(z.string(), z.string()) }),
  maxBytes: z.number(),
});
/** A short-lived link to a document's file (R-EMP-7). */
export const documentFileResponse = z.object({
  url: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  disposition: z.enum(['inline', 'attachment']),
  expiresIn: z.number(),
});
export const picturePresignResponse = z.object({
  baseKey: z.string(),
  upload: z.object({ url: z.string(), fields: z.record(z.string(), z.string()) }),
  maxBytes: z.number(),
});

/** R-EMP-9: the pending e-mail change of an employee after a resend or a cancel (null: none waiting). */
export const emailChangeResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  email: z.string(),
  pendingEmail: z.nullable(z.string()),
  pendingEmailExpiresAt: z.nullable(z.string()),
  emailSent: z.boolean(),
});
/** R-EMP-9: the confirmation link's token, a 256-bit secret in base64url (anything else: 400 before any read). */
export const emailChangeTokenParams = z.object({
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'This confirmation link is not valid.')),
});
export const emailChangeConfirmResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  email: z.string(),
});
