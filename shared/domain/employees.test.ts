import { describe, expect, it } from 'vitest';
import {
  accessLong,
  accessShort,
  canDeleteEmployee,
  canRemoveAccount,
  documentExtension,
  formatPhone,
  isPreviewable,
  jobMilestones,
  maskSsn,
  splitLegalName,
  ssnDigits,
  userChangeRefusal,
} from './employees.js';

describe('employee rules (R-EMP-5, R-EMP-3)', () => {
  it('shows access as Admin / Mgr / Emp on the list and Administrator / Employee on the detail', () => {
    expect(accessShort({ role: 'BUSINESS_ADMIN', accessLevel: 'EMPLOYEE' })).toBe('Admin');
    expect(accessShort({ role: 'EMPLOYEE', accessLevel: 'MANAGER' })).toBe('Mgr');
    expect(accessShort({ role: 'EMPLOYEE', accessLevel: 'EMPLOYEE' })).toBe('Emp');
    expect(accessLong({ role: 'EMPLOYEE', accessLevel: 'MANAGER' })).toBe('Administrator');
    expect(accessLong({ role: 'EMPLOYEE', accessLevel: 'EMPLOYEE' })).toBe('Employee');
    expect(canDeleteEmployee({ role: 'BUSINESS_ADMIN' })).toBe(false);
    expect(canDeleteEmployee({ role: 'SUPER_ADMIN' })).toBe(false);
    expect(canDeleteEmployee({ role: 'EMPLOYEE' })).toBe(true);
  });

  it('formats phones, masks SSNs and splits legal names on the first space', () => {
    expect(formatPhone('555-010-0200')).toBe('(555) 010-0200');
    expect(formatPhone('+44 20 7946 0000')).toBe('+44 20 7946 0000');
    expect(maskSsn('6789')).toBe('XXX-XX-6789');
    expect(maskSsn(null)).toBe('');
    expect(ssnDigits('123-45-6789')).toBe('123456789');
    expect(ssnDigits('12-345')).toBeNull();
    expect(splitLegalName('Mary Ann Smith')).toEqual({ firstName: 'Mary', lastName: 'Ann Smith' });
    expect(splitLegalName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
  });

  it('accepts the §5 document kinds and previews only jpeg, jpg, png, gif, webp and pdf', () => {
    expect(documentExtension('Contract.PDF')).toBe('pdf');
    expect(documentExtension('x.exe')).toBeNull();
    expect(documentExtension('noext')).toBeNull();
    expect(isPreviewable('a.pdf')).toBe(true);
    expect(isPreviewable('a.JPG')).toBe(true);
    expect(isPreviewable('a.docx')).toBe(false);
    expect(isPreviewable('a.txt', 'text/plain')).toBe(false);
  });

  it('job history: Hired, 3 and 6 months, 1 year, then yearly to one year beyond tenure (at least 2 years)', () => {
    const fresh = jobMilestones('2026-10-01', '2026-11-23');
    expect(fresh.map((m) => m.label)).toEqual([
      'Hired',
      '3 Month Anniversary',
      '6 Month Anniversary',
      '1 Year',
      '2 Years',
    ]);
    expect(fresh.map((m) => m.achieved)).toEqual([true, false, false, false, false]);
    const senior = jobMilestones('2022-03-15', '2026-03-14');
    // 47 whole months: 3 years done, the 4th not yet (one day short), list goes to 4 years
    expect(senior.map((m) => m.label).slice(-2)).toEqual(['3 Years', '4 Years']);
    expect(senior.at(-1)).toMatchObject({ achieved: false, date: '2026-03-15' });
    expect(senior.at(-2)!.achieved).toBe(true);
    expect(jobMilestones('2022-03-15', '2026-03-15').at(-1)!.label).toBe('5 Years');
    expect(jobMilestones(null, '2026-01-01')).toEqual([]);
  });
});

describe('who may change an account (R-EMP-10)', () => {
  const owner = { userId: 'o', role: 'BUSINESS_ADMIN', isOwner: true };
  const admin = { userId: 'a', role: 'BUSINESS_ADMIN' };
  const key = { userId: 'apikey_k', role: 'BUSINESS_ADMIN', viaApiKey: true };
  const otherAdmin = { id: 'b', role: 'BUSINESS_ADMIN', email: 'b@x.test' };
  const ownerRow = { id: 'o', role: 'BUSINESS_ADMIN', isOwner: true };
  const employee = { id: 'e', role: 'EMPLOYEE', accessLevel: 'EMPLOYEE', email: 'e@x.test' };

  it('an API key changes no rights, no e-mail address and no administrator', () => {
    expect(userChangeRefusal(key, employee, { role: 'BUSINESS_ADMIN' })).toMatch(/API keys cannot change roles/);
    expect(userChangeRefusal(key, employee, { accessLevel: 'MANAGER' })).toMatch(/API keys cannot change roles/);
    expect(userChangeRefusal(key, employee, { email: 'new@x.test' })).toMatch(/e-mail address/);
    expect(userChangeRefusal(key, employee, { email: 'E@x.test', accessLevel: 'EMPLOYEE' })).toBeNull();
    expect(userChangeRefusal(key, otherAdmin)).toMatch(/administrator's account/);
  });

  it('only the owner changes another administrator, and nobody demotes or removes the owner', () => {
    expect(userChangeRefusal(admin, otherAdmin, { role: 'EMPLOYEE' })).toMatch(/Only the organization's owner/);
    expect(userChangeRefusal(admin, otherAdmin, { removal: true })).toMatch(/Only the organization's owner/);
    expect(userChangeRefusal(admin, otherAdmin, { email: 'c@x.test' })).toMatch(/Only the organization's owner/);
    expect(userChangeRefusal(admin, otherAdmin, { role: 'BUSINESS_ADMIN' })).toBeNull();
    expect(userChangeRefusal(owner, otherAdmin, { role: 'EMPLOYEE' })).toBeNull();
    expect(userChangeRefusal(admin, ownerRow, { removal: true })).toMatch(/owner cannot be demoted/);
    expect(canRemoveAccount(owner, otherAdmin)).toBe(true);
    expect(canRemoveAccount(admin, otherAdmin)).toBe(false);
    expect(canRemoveAccount(owner, ownerRow)).toBe(false);
    expect(canRemoveAccount(admin, employee)).toBe(true);
  });
});
