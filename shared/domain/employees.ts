/**
 * Employee rules of document 3 (§3, §4, §5, §9) shared by the users API and the Employees screens.
 * Plain functions: no HTTP, no AWS.
 */
import { addMonths, differenceInCalendarMonths, isValid, lightFormat, parseISO } from 'date-fns';
import { roleFlags, type RoleHolder } from './roles.js';

type EmployeeStatus = 'PENDING' | 'ACTIVE' | 'INACTIVE';

/** How long a setup link works (R-EMP-4: 86,400,000 ms). */
export const SETUP_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a new e-mail address's confirmation link works (R-EMP-9): a day, like a setup link. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
/** Employee table page size (§9). */
export const EMPLOYEE_PAGE_SIZE = 25;
/** Documents: 10 MB (§5, stated in the UI). */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** §5: accepted document kinds by extension, and the content type the server records for each. */
export const DOCUMENT_TYPES = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  txt: 'text/plain',
} as const;
export type DocumentExtension = keyof typeof DOCUMENT_TYPES;
export const DOCUMENT_ACCEPT = '.pdf,.doc,.docx,.jpg,.jpeg,.png,.txt';
/** §5: preview only for these; download for the rest. */
const PREVIEWABLE_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif', 'webp', 'pdf'] as const;

function extensionOf(fileName: string): string {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec(fileName.trim());
  return m ? m[1]!.toLowerCase() : '';
}
export function documentExtension(fileName: string): DocumentExtension | null {
  const ext = extensionOf(fileName);
  return ext in DOCUMENT_TYPES ? (ext as DocumentExtension) : null;
}
export function isPreviewable(fileName: string, mimeType?: string | null): boolean {
  const ext = extensionOf(fileName);
  if ((PREVIEWABLE_EXTENSIONS as readonly string[]).includes(ext)) return true;
  return !!mimeType && /^(image\/(jpeg|png|gif|webp)|application\/pdf)$/.test(mimeType);
}

export const EMPLOYEE_MESSAGES = {
  documentsRequired: 'Please provide both document name and file',
  documentType: 'Only PDF, DOC, DOCX, JPG, JPEG, PNG and TXT files are accepted.',
  documentSize: 'File size must be less than 10MB.',
  documentBytes:
    'The file content does not match its type. Only PDF, DOC, DOCX, JPG, JPEG, PNG and TXT files are accepted.',
  setupMissing: 'Invalid or missing setup token. Please contact your manager for a new invitation.',
  setupFormat:
    'Invalid setup token format. Please use the link from your invitation email or contact your manager for a new invitation.',
  setupExpired: 'Setup link has expired. Please contact your manager to resend the invitation.',
  setupInvalid:
    'Invalid setup token. This link has already been used or was replaced by a newer invitation. Please contact your manager.',
  setupEmailTaken: 'An account with this email address already exists. Please use a different email address.',
  setupEmailFixed:
    'Your account is set up with the email address your invitation was sent to. Ask your manager to change it afterwards if needed.',
  termsRequired: 'You must accept the Terms of Service, Privacy Policy, and User Agreement to continue.',
  setupDone: 'Your account has been set up successfully. You can now log in with your email address.',
  loginAfterSetup: 'Account setup completed! Please log in with your email address.',
  // R-EMP-9: a new e-mail address takes effect once its owner confirms it.
  emailChangeRequested:
    'Employee updated. The new email address takes effect once it is confirmed with the link we sent to it.',
  emailChangeResent: 'Confirmation email sent again.',
  emailChangeCancelled: 'The email change was cancelled.',
  emailChangeNone: 'There is no email change waiting for confirmation.',
  emailChangeInvalid:
    'This confirmation link is not valid. It was already used, replaced by a newer one, or cancelled.',
  emailChangeExpired: 'This confirmation link has expired. Ask for the email change to be made again.',
  emailChangeTaken: 'This email address is already used by another account, so it cannot be confirmed.',
  emailChangeDone: 'Your new email address is confirmed. Sign in with it from now on.',
} as const;

/** Our setup tokens are 256 random bits in base64url (43 characters). */
export const SETUP_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** §4: Admin if BUSINESS_ADMIN, else Mgr if accessLevel MANAGER, else Emp. */
export function accessShort(u: { role?: string | null; accessLevel?: string | null }): 'Admin' | 'Mgr' | 'Emp' {
  if (u.role === 'BUSINESS_ADMIN' || u.role === 'SUPER_ADMIN') return 'Admin';
  return u.accessLevel === 'MANAGER' ? 'Mgr' : 'Emp';
}

/** §6: the detail page shows Administrator for MANAGER (and for admins), else Employee. */
export function accessLong(u: { role?: string | null; accessLevel?: string | null }): 'Administrator' | 'Employee' {
  return u.role === 'BUSINESS_ADMIN' || u.role === 'SUPER_ADMIN' || u.accessLevel === 'MANAGER'
    ? 'Administrator'
    : 'Employee';
}

const isAdministrator = (u: { role?: string | null }): boolean =>
  u.role === 'BUSINESS_ADMIN' || u.role === 'SUPER_ADMIN';

/**
 * Delete is never offered for administrators (R-EMP-5), except by the organization's owner, who may
 * remove any other administrator (docs/requirements/employees.md R-EMP-10).
 */
export function canDeleteEmployee(u: { role?: string | null }): boolean {
  return !isAdministrator(u);
}

/** Who asks for a change: a person (maybe the owner) or an API key (docs/requirements/employees.md R-EMP-10). */
export interface ChangeActor extends RoleHolder {
  userId: string;
  /** The account that created the organization. */
  isOwner?: boolean;
  /** The request carries an API key, not a person's session. */
  viaApiKey?: boolean;
}

/** What a request would change; undefined: not sent. `removal`: deactivate or delete. */
export interface AccountChange {
  role?: string;
  accessLevel?: string;
  hourlyWageCents?: number | null;
  email?: string;
  removal?: boolean;
}

export const OWNER_MESSAGES = {
  keyRights: 'API keys cannot change roles, access levels or administrator rights',
  keyAdmin: "API keys cannot change an administrator's account",
  keyEmail: "API keys cannot change an account's e-mail address",
  ownerOnly: "Only the organization's owner can change another administrator's rights, e-mail address or status",
  ownerKept: "The organization's owner cannot be demoted, deactivated or deleted",
  managers: "Managers cannot change an administrator's account or documents",
} as const;

/**
 * docs/decisions/0009-sessions-follow-the-account.md and docs/decisions/0251-organization-owner.md, the one rule
 * of the users area: who may change a user record (the row, its documents, its invitation, its
 * status). Nobody changes their own role, access level or wage; a manager changes no administrator's
 * record; an API key changes no rights, no e-mail address and no administrator's record (R-EMP-10);
 * only the owner changes another administrator's rights, address or status, and nobody the owner's.
 * Sending the current value is no change, so the detail page's job block, which always sends role,
 * access level and wage, still saves one's own location. Returns the refusal (a 403 message) or null.
 * Viewing is governed by the matrix (viewUsers) alone.
 */
export function userChangeRefusal(
  actor: ChangeActor,
  target: RoleHolder & { id: string; hourlyWageCents?: number | null; email?: string; isOwner?: boolean },
  change: AccountChange = {},
): string | null {
  const targetIsAdmin = isAdministrator(target);
  if (!roleFlags(actor).isAdmin && targetIsAdmin) return OWNER_MESSAGES.managers;
  const rights =
    (change.role !== undefined && change.role !== target.role) ||
    (change.accessLevel !== undefined && change.accessLevel !== (target.accessLevel ?? 'EMPLOYEE'));
  const email = change.email !== undefined && change.email.toLowerCase() !== (target.email ?? '').toLowerCase();
  if (actor.viaApiKey) {
    if (targetIsAdmin) return OWNER_MESSAGES.keyAdmin;
    if (rights) return OWNER_MESSAGES.keyRights;
    if (email) return OWNER_MESSAGES.keyEmail;
  }
  if (actor.userId === target.id) {
    if (change.role !== undefined && change.role !== target.role) return 'You cannot change your own role';
    if (change.accessLevel !== undefined && change.accessLevel !== (target.accessLevel ?? 'EMPLOYEE'))
      return 'You cannot change your own access level';
    if (change.hourlyWageCents !== undefined && change.hourlyWageCents !== (target.hourlyWageCents ?? null))
      return 'You cannot change your own wage';
    return null;
  }
  if (target.isOwner && (rights || change.removal)) return OWNER_MESSAGES.ownerKept;
  if (targetIsAdmin && !actor.isOwner && (rights || email || change.removal)) return OWNER_MESSAGES.ownerOnly;
  return null;
}

/** Whether the list offers Deactivate and Delete on a row: never one's own, an administrator only to the owner. */
export function canRemoveAccount(actor: ChangeActor, target: RoleHolder & { id: string; isOwner?: boolean }): boolean {
  return (
    roleFlags(actor).canManageUsers &&
    actor.userId !== target.id &&
    userChangeRefusal(actor, target, { removal: true }) === null
  );
}

export const canResendInvite = (u: { status: EmployeeStatus }) => u.status === 'PENDING';
export const canDeactivate = (u: { status: EmployeeStatus }) => u.status === 'ACTIVE';

/** (XXX) XXX-XXXX when the phone has 10 digits, else as typed. */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const d = phone.replace(/\D/g, '');
  return d.length === 10 ? `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}` : phone;
}

/** 'XXX-XX-1234' from the last four digits (the API never returns more). */
export function maskSsn(last4: string | null | undefined): string {
  return last4 ? `XXX-XX-${last4}` : '';
}

/** Digits of an SSN as typed ('123-45-6789' or '123456789'); null if it is not 9 digits. */
export function ssnDigits(ssn: string): string | null {
  const d = ssn.replace(/[\s-]/g, '');
  return /^\d{9}$/.test(d) ? d : null;
}

export function initials(firstName?: string | null, lastName?: string | null): string {
  return `${(firstName ?? '').trim().charAt(0)}${(lastName ?? '').trim().charAt(0)}`.toUpperCase() || '?';
}

/** Legal name split on the first space (§7). */
export function splitLegalName(legalName: string): { firstName: string; lastName: string } {
  const t = legalName.trim();
  const i = t.indexOf(' ');
  return i < 0 ? { firstName: t, lastName: '' } : { firstName: t.slice(0, i), lastName: t.slice(i + 1).trim() };
}

interface Milestone {
  label: string;
  date: string; // YYYY-MM-DD
  months: number;
  achieved: boolean;
}

/**
 * §4 job history: Hired, 3 Month Anniversary, 6 Month Anniversary, 1 Year, then each following
 * year up to one year beyond current tenure (at least 2 years). Achieved once enough whole months
 * have elapsed since the start date. `today` is 'YYYY-MM-DD' in the organization's zone.
 */
export function jobMilestones(startDate: string | null | undefined, today: string): Milestone[] {
  if (!startDate) return [];
  const start = parseISO(startDate.slice(0, 10));
  const now = parseISO(today);
  if (!isValid(start) || !isValid(now)) return [];
  const elapsed = Math.max(0, differenceInCalendarMonths(now, start) - (now.getDate() < start.getDate() ? 1 : 0));
  const years = Math.max(2, Math.floor(elapsed / 12) + 1);
  const steps: { label: string; months: number }[] = [
    { label: 'Hired', months: 0 },
    { label: '3 Month Anniversary', months: 3 },
    { label: '6 Month Anniversary', months: 6 },
    { label: '1 Year', months: 12 },
  ];
  for (let y = 2; y <= years; y++) steps.push({ label: `${y} Years`, months: y * 12 });
  return steps.map((s) => ({
    label: s.label,
    months: s.months,
    date: lightFormat(addMonths(start, s.months), 'yyyy-MM-dd'),
    achieved: elapsed >= s.months,
  }));
}
