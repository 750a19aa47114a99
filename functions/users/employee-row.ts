import { randomUUID } from 'node:crypto';
import { userRecordShape } from '../auth/entity.js';
import { nowIso, tableName } from '../lib/db.js';
import { keys, type Key, type TenantId } from '../lib/keys.js';
import { type RowParser, rowParser } from '../lib/rows.js';
import * as z from '../../shared/zod.js';

/**
 * The employee row (docs/data-model.md, "Employees"): the auth area's user row (same key,
 * `T#{org}` / `USER#{id}`, functions/auth/entity.ts) with the employee fields of R-EMP-3. One schema
 * names every attribute, because edits write the parsed row back whole (`saveEmployee`'s Put):
 * an attribute the schema left out would be dropped from the row.
 */
const maybe = <S extends z.ZodMiniType>(s: S) => z.optional(z.nullable(s));
const text = () => maybe(z.string());

const employeeRowSchema = z.pipe(
  z.object({
    ...userRecordShape,
    /**
     * Written by every users-area write. The owner's row from sign-up (functions/auth/onboarding.ts)
     * and the platform admin's carry none: for them `isActive` decides, ACTIVE or INACTIVE.
     */
    status: z.optional(z.enum(['PENDING', 'ACTIVE', 'INACTIVE', 'DELETED'])),
    updatedAt: z.optional(z.string()),
    jobRole: text(),
    location: text(),
    hourlyWageCents: maybe(z.number().check(z.int(), z.nonnegative())),
    startDate: text(),
    preferredName: text(),
    personalEmail: text(),
    emergencyContact: text(),
    homeAddress: text(),
    managerNotes: text(),
    // Sealed fields (`v1.{iv}.{tag}.{data}`, functions/users/crypto.ts) and the SSN's last 4 in clear.
    pinEnc: text(),
    dobEnc: text(),
    ssnEnc: text(),
    ssnLast4: text(),
    /** The picture's photo (functions/users/picture.ts): URLs are minted from it on every read. */
    profilePictureBaseKey: text(),
    /** R-EMP-9: a new address waiting for its owner's confirmation, and the hash of its link (./email-change.ts). */
    pendingEmail: text(),
    pendingEmailTokenHash: text(),
    pendingEmailValidUntil: text(),
    setupTokenHash: text(),
    setupValidUntil: text(),
    setupCompletedAt: text(),
    invitedBy: text(),
    deactivatedAt: text(),
    deactivatedBy: text(),
    deletedAt: text(),
  }),
  z.transform((row) => ({
    ...row,
    status: row.status ?? (row.isActive ? ('ACTIVE' as const) : ('INACTIVE' as const)),
  })),
);

export type EmployeeRow = z.output<typeof employeeRowSchema>;
export const parseEmployeeRow: RowParser<EmployeeRow> = rowParser('employee', employeeRowSchema);

export const table = () => tableName();

export const userKeys = {
  user: (tenant: TenantId, id: string): Key => keys.user(tenant, id),
  setupToken: (hash: string): Key => ({ pk: `SETUPTOKEN#${hash}`, sk: 'SETUPTOKEN' }),
  /** R-EMP-9: the pointer of an e-mail change's confirmation link, by the SHA-256 of its token. */
  emailChangeToken: (hash: string): Key => ({ pk: `EMAILCHANGE#${hash}`, sk: 'EMAILCHANGE' }),
  jobRole: (tenant: TenantId, id: string): Key => keys.entity(tenant, 'JOBROLE', id),
  jobRoleName: (tenant: TenantId, name: string): Key => keys.entity(tenant, 'JOBROLENAME', name.trim().toLowerCase()),
  document: (tenant: TenantId, userId: string, docId: string): Key =>
    keys.entity(tenant, 'USERDOC', `${userId}#${docId}`),
  log: (tenant: TenantId): Key => keys.entity(tenant, 'USERLOG', `${nowIso()}#${randomUUID()}`),
};
