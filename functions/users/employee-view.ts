import { getOrganization, normalizeUsername, recordOwnerOnce } from '../auth/store.js';
import { forbidden, notFound } from '../lib/errors.js';
import { photoKeys, presignGet } from '../lib/files.js';
import { type TenantId } from '../lib/keys.js';
import type { AuthClaims } from '../lib/tokens.js';
import { type AccountChange, type ChangeActor, userChangeRefusal } from '../../shared/domain/employees.js';
import { fromCents } from '../../shared/domain/money.js';
import { getEmployee, listEmployees, openField } from './store.js';
import type { EmployeeRow } from './employee-row.js';

/**
 * What the employee routes answer (the list row, the detail) and the reads every route starts from:
 * the row, the actor's name, the area's change gate and this tenant's address check.
 */
type OrgName = { name: string; ownerUserId?: string } | null;

/** The list row (R-EMP-3). Pending accounts show the username 'pending-setup' (R-EMP-5); the owner is marked (R-EMP-10). */
export function publicEmployee(r: EmployeeRow, org: OrgName) {
  const status = r.status as 'PENDING' | 'ACTIVE' | 'INACTIVE';
  return {
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    phone: r.phone ?? null,
    username: status === 'PENDING' ? 'pending-setup' : r.username,
    role: r.role,
    accessLevel: r.accessLevel === 'MANAGER' ? ('MANAGER' as const) : ('EMPLOYEE' as const),
    status,
    isActive: status === 'ACTIVE',
    jobRole: r.jobRole ?? null,
    location: r.location ?? null,
    hourlyWage: r.hourlyWageCents == null ? null : fromCents(r.hourlyWageCents),
    hourlyWageCents: r.hourlyWageCents ?? null,
    startDate: r.startDate ?? null,
    createdAt: r.createdAt,
    isOwner: !!org?.ownerUserId && org.ownerUserId === r.id,
    organization: org ? { name: org.name } : null,
  };
}

/** The detail: the date of birth decrypted for those allowed to view employees; the SSN as its last 4 digits only. */
export async function detailEmployee(tenant: TenantId, r: EmployeeRow, org: OrgName) {
  return {
    ...publicEmployee(r, org),
    hasPin: !!r.pinEnc,
    preferredName: r.preferredName ?? null,
    personalEmail: r.personalEmail ?? null,
    mobileNumber: r.phone ?? null,
    emergencyContact: r.emergencyContact ?? null,
    dateOfBirth: r.dobEnc ? await openField(tenant, r.id, 'dob', r.dobEnc) : null,
    ssnLast4: r.ssnLast4 ?? null,
    homeAddress: r.homeAddress ?? null,
    managerNotes: r.managerNotes ?? null,
    profilePicture: r.profilePictureBaseKey ? await pictureUrl(tenant, r.profilePictureBaseKey) : null,
    setupExpiresAt: r.status === 'PENDING' ? (r.setupValidUntil ?? null) : null,
    deactivatedAt: r.deactivatedAt ?? null,
    pendingEmail: r.pendingEmail ?? null,
    pendingEmailExpiresAt: r.pendingEmail ? (r.pendingEmailValidUntil ?? null) : null,
  };
}

/** The header's picture: the medium variant the resize step wrote, a presigned GET minted on every read. */
async function pictureUrl(tenant: TenantId, baseKey: string): Promise<string> {
  return presignGet(photoKeys.variant(tenant, 'medium', baseKey));
}

/** The detail answer of a row, with its organization's name. */
export async function detailAnswer(tenant: TenantId, r: EmployeeRow) {
  return detailEmployee(tenant, r, await orgName(tenant));
}

export async function orgName(tenant: TenantId): Promise<OrgName> {
  const org = await getOrganization(tenant);
  return org ? { name: org.name, ownerUserId: org.ownerUserId ?? (await legacyOwner(tenant)) } : null;
}

/**
 * An organization created before its owner was kept: its first administrator is the owner, recorded
 * once on the organization (docs/decisions/0251-organization-owner.md).
 */
async function legacyOwner(tenant: TenantId): Promise<string | undefined> {
  const admins = (await listEmployees(tenant))
    .filter((e) => e.role === 'BUSINESS_ADMIN')
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  return admins[0] ? recordOwnerOnce(tenant, admins[0].id) : undefined;
}

/** The one asking, as the change rule sees them: the owner or not, a person or an API key (R-EMP-10). */
function changeActor(auth: AuthClaims, org: OrgName): ChangeActor {
  return { ...auth, isOwner: !!org?.ownerUserId && org.ownerUserId === auth.userId, viaApiKey: !!auth.apiKey };
}

export async function actorOf(tenant: TenantId, auth: AuthClaims) {
  const row = await getEmployee(tenant, auth.userId);
  return { userId: auth.userId, name: row ? `${row.firstName} ${row.lastName}`.trim() : auth.username };
}

export async function requireEmployee(tenant: TenantId, id: string) {
  const row = await getEmployee(tenant, id);
  if (!row) throw notFound('Employee not found');
  return row;
}

/**
 * The users area's gate for every route that changes a user record or its documents (docs/decisions/0009-sessions-follow-the-account.md;
 * the rule is shared/domain/employees.ts `userChangeRefusal`): the row, or 404 / 403.
 */
export async function changeableEmployee(tenant: TenantId, auth: AuthClaims, id: string, change?: AccountChange) {
  const [row, org] = await Promise.all([requireEmployee(tenant, id), orgName(tenant)]);
  const refusal = userChangeRefusal(changeActor(auth, org), { ...row, isOwner: org?.ownerUserId === row.id }, change);
  if (refusal) throw forbidden(refusal);
  return row;
}

/**
 * This tenant's users only (docs/decisions/0009-sessions-follow-the-account.md): an address that signs in elsewhere on the platform is
 * no concern of this tenant's admin, and answering 409 for it told them it exists. Such an invitee
 * learns it at setup, from the link mailed to that very address; an active account's new e-mail still
 * meets the platform-wide sign-in name condition in saveEmployee's transaction.
 */
export async function emailInUse(tenant: TenantId, email: string, exceptId?: string): Promise<boolean> {
  const lower = normalizeUsername(email);
  return (await listEmployees(tenant)).some((e) => e.id !== exceptId && normalizeUsername(e.email) === lower);
}
