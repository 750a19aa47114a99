import { describe, expect, it } from 'vitest';
import { parseOrganization, parseUserRecord } from '../auth/entity.js';
import { RowShapeError } from '../lib/rows.js';
import { parseEmployeeRow } from './employee-row.js';

/** The user row's one parse (docs/decisions/0023-row-schemas.md): what sign-up, the admin bootstrap and the users area write. */
const owner = {
  pk: 'T#org1',
  sk: 'USER#u1',
  id: 'u1',
  username: 'owner@example.com',
  email: 'owner@example.com',
  firstName: 'Olga',
  lastName: 'Owner',
  phone: '(555) 010-0100',
  role: 'BUSINESS_ADMIN',
  accessLevel: 'MANAGER',
  organizationId: 'org1',
  passwordHash: 'scrypt$abc',
  isActive: true,
  createdAt: '2026-11-01T10:00:00.000Z',
};

describe('employee row', () => {
  it("gives the sign-up owner's row, which has no status, the one its isActive says", () => {
    expect(parseEmployeeRow(owner).status).toBe('ACTIVE');
    expect(parseEmployeeRow({ ...owner, isActive: false }).status).toBe('INACTIVE');
    expect(parseEmployeeRow({ ...owner, isActive: false, status: 'PENDING' }).status).toBe('PENDING');
  });

  it('keeps every attribute it names and drops the keys and what it does not name', () => {
    const row = parseEmployeeRow({
      ...owner,
      status: 'ACTIVE',
      hourlyWageCents: 1850,
      ssnLast4: '4321',
      profilePictureBaseKey: 'photos/abc',
      sessionEpoch: 2,
      profilePicture: 'https://old.example/pic.png',
    });
    expect(row).toEqual({
      id: 'u1',
      username: 'owner@example.com',
      email: 'owner@example.com',
      firstName: 'Olga',
      lastName: 'Owner',
      phone: '(555) 010-0100',
      role: 'BUSINESS_ADMIN',
      accessLevel: 'MANAGER',
      organizationId: 'org1',
      passwordHash: 'scrypt$abc',
      isActive: true,
      createdAt: '2026-11-01T10:00:00.000Z',
      status: 'ACTIVE',
      hourlyWageCents: 1850,
      ssnLast4: '4321',
      profilePictureBaseKey: 'photos/abc',
      sessionEpoch: 2,
    });
  });

  it('refuses a row that does not match, naming the attributes at fault', () => {
    const { role: _role, ...noRole } = owner;
    expect(() => parseEmployeeRow(noRole)).toThrow(RowShapeError);
    expect(() => parseEmployeeRow({ ...owner, hourlyWageCents: '18.50' })).toThrow(/hourlyWageCents/);
    expect(() => parseEmployeeRow({ ...owner, status: 'ARCHIVED' })).toThrow(/status/);
  });
});

describe('auth rows', () => {
  it('reads the platform admin (no organization) and refuses a string where isActive belongs', () => {
    const admin = { ...owner, pk: 'PLATFORM', role: 'SUPER_ADMIN', organizationId: null };
    expect(parseUserRecord(admin)).toMatchObject({ role: 'SUPER_ADMIN', organizationId: null });
    expect(() => parseUserRecord({ ...admin, isActive: 'yes' })).toThrow(/isActive/);
  });

  it('reads an organization with its status and refuses an unknown one', () => {
    const org = {
      pk: 'T#org1',
      sk: 'ORG',
      id: 'org1',
      name: 'Acme',
      subdomain: 'acme',
      status: 'TRIAL',
      createdAt: 'x',
    };
    expect(parseOrganization(org)).toEqual({
      id: 'org1',
      name: 'Acme',
      subdomain: 'acme',
      status: 'TRIAL',
      createdAt: 'x',
    });
    expect(() => parseOrganization({ ...org, status: 'PAUSED' })).toThrow(RowShapeError);
  });
});
