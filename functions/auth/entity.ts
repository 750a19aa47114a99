import { type RowParser, rowParser } from '../lib/rows.js';
import * as z from '../../shared/zod.js';

/**
 * The auth area's rows (docs/data-model.md, "Platform, sign-in and onboarding"): the user row and the
 * organization row, each one schema and one parse (docs/decisions/0023-row-schemas.md). The users area's
 * employee row extends the user schema (functions/users/employee-row.ts): same key, more attributes.
 */

const maybe = <S extends z.ZodMiniType>(s: S) => z.optional(z.nullable(s));

/** The attributes of a person who can sign in; written by sign-up, the platform admin bootstrap and users' setup. */
export const userRecordShape = {
  id: z.string(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: maybe(z.string()),
  role: z.enum(['SUPER_ADMIN', 'BUSINESS_ADMIN', 'EMPLOYEE']),
  accessLevel: z.enum(['EMPLOYEE', 'MANAGER']),
  /** Null for the platform admin (pk PLATFORM). */
  organizationId: z.nullable(z.string()),
  /** Absent until the account is set up (a pending invitee, a deleted account's tombstone). */
  passwordHash: z.optional(z.string()),
  isActive: z.boolean(),
  createdAt: z.string(),
  lastLoginAt: z.optional(z.string()),
  /**
   * Bumped (ADD) in the transaction of every change that must end the person's sessions (role, access
   * level, password, deactivation, deletion); tokens carry the epoch they were issued in. Absent is 0.
   */
  sessionEpoch: z.optional(z.number().check(z.nonnegative())),
};
const userRecordSchema = z.object(userRecordShape);

/** A person who can sign in: a platform admin (no tenant) or a user of one organization. */
export type UserRecord = z.output<typeof userRecordSchema>;
export const parseUserRecord: RowParser<UserRecord> = rowParser('user', userRecordSchema);

const ORGANIZATION_STATUSES = ['ACTIVE', 'TRIAL', 'SUSPENDED', 'INACTIVE'] as const;

const organizationSchema = z.object({
  /** The tenant id (the `T#{id}` of the key). */
  id: z.string(),
  name: z.string(),
  subdomain: z.string(),
  status: z.enum(ORGANIZATION_STATUSES),
  phone: maybe(z.string()),
  ownerUserId: z.optional(z.string()),
  /** IANA zone for "today", day boundaries, tiers and overdue (functions/lib/organization.ts). */
  timeZone: z.optional(z.string()),
  createdAt: z.string(),
  // A suspension (functions/platform/tenant-status.ts) keeps what it replaced and who did it.
  statusBeforeSuspension: z.optional(z.enum(ORGANIZATION_STATUSES)),
  suspendedAt: z.optional(z.string()),
  suspendedBy: z.optional(z.string()),
  reactivatedAt: z.optional(z.string()),
  reactivatedBy: z.optional(z.string()),
  updatedAt: z.optional(z.string()),
});

export type OrganizationRecord = z.output<typeof organizationSchema>;
export const parseOrganization: RowParser<OrganizationRecord> = rowParser('organization', organizationSchema);

/** `USERNAME#{lower(email)}`: the sign-in name's owner, unique across the platform. */
export const parseUsernamePointer = rowParser(
  'username pointer',
  z.object({ userId: z.string(), organizationId: z.nullable(z.string()) }),
);
