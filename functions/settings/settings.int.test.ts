import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db, tableName } from '../lib/db.js';
import { keys } from '../lib/keys.js';
import { sessionFor, type TestSession } from '../testing/fixtures.js';
import { call, useTestTable } from '../testing/harness.js';
import { readOpeningHours } from './hours.js';
import { readTaxSettings } from './tax.js';
import { completePolicy } from '../../shared/domain/roles.js';

let admin: TestSession;
let manager: TestSession;
let employee: TestSession;

beforeAll(async () => {
  await useTestTable();
  admin = await sessionFor({ role: 'BUSINESS_ADMIN' });
  manager = await sessionFor({ tenant: admin.tenant, role: 'EMPLOYEE', accessLevel: 'MANAGER' });
  employee = await sessionFor({ tenant: admin.tenant, role: 'EMPLOYEE', accessLevel: 'EMPLOYEE' });
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.user(admin.tenant, admin.userId),
      UpdateExpression: 'SET firstName = :f, lastName = :l',
      ExpressionAttributeValues: { ':f': 'Ada', ':l': 'Admin' },
    }),
  );
});

const contact = {
  storeName: 'Lakeside Carts',
  streetAddress: '1 Shore Rd',
  city: 'Lakeside',
  zipCode: '12345',
  emailAddress: 'hello@lakeside.test',
  phoneNumber: '(555) 123-4567',
};

describe('contact', () => {
  it('reads empty fields before anything is saved, then what was saved', async () => {
    const fresh = await sessionFor();
    const empty = await call('GET', '/api/settings/organization/contact', { token: fresh.token });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      success: true,
      data: { storeName: '', streetAddress: '', city: '', zipCode: '', emailAddress: '', phoneNumber: '' },
    });

    const put = await call('PUT', '/api/settings/organization/contact', { token: admin.token, body: contact });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      success: true,
      data: contact,
      message: 'Contact information saved successfully!',
    });
    const got = await call('GET', '/api/settings/organization/contact', { token: manager.token });
    expect(got.body.data).toEqual(contact);
  });

  it.each([
    [{ emailAddress: 'not-an-email' }, 'Please enter a valid email address'],
    [{ phoneNumber: 'call me' }, 'Please enter a valid phone number'],
    [{ phoneNumber: '12' }, 'Please enter a valid phone number'],
    [{ storeName: 'x'.repeat(201) }, 'Store name must be at most 200 characters'],
    [{ zipCode: '<script>' }, 'ZIP code may contain only letters, digits, spaces and dashes'],
  ])('refuses %j with its message', async (patch, msg) => {
    const res = await call('PUT', '/api/settings/organization/contact', {
      token: admin.token,
      body: { ...contact, ...patch },
    });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { msg: string }) => d.msg)).toContain(msg);
  });

  it('refuses unknown fields and a plain employee (viewSettings)', async () => {
    expect(
      (
        await call('PUT', '/api/settings/organization/contact', {
          token: admin.token,
          body: { ...contact, tenantId: 'x' },
        })
      ).status,
    ).toBe(400);
    expect((await call('GET', '/api/settings/organization/contact', { token: employee.token })).status).toBe(403);
    expect(
      (await call('PUT', '/api/settings/organization/contact', { token: employee.token, body: contact })).status,
    ).toBe(403);
  });
});

describe('opening hours', () => {
  it('defaults to Every day 09:00-17:00 and saves rows with special hours', async () => {
    const fresh = await sessionFor();
    const def = await call('GET', '/api/settings/organization/hours', { token: fresh.token });
    expect(def.body).toEqual({
      success: true,
      hours: [{ id: 'default', dayType: 'everyday', openTime: '09:00', closeTime: '17:00', isClosed: false }],
      special_hours: '[]',
    });

    const body = {
      hours: [
        { dayType: 'weekdays', openTime: '08:30', closeTime: '18:45', isClosed: false },
        { id: 7, dayType: 'sunday', openTime: '', closeTime: '', isClosed: true },
      ],
      specialHours: JSON.stringify([
        { date: '2026-12-31', openTime: '10:00', closeTime: '14:00', isClosed: false },
        { date: '2026-12-25', isClosed: true },
      ]),
    };
    const put = await call('PUT', '/api/settings/organization/hours', { token: admin.token, body });
    expect(put.status).toBe(200);
    expect(put.body.message).toBe('Operating hours saved successfully!');
    expect(put.body.hours).toHaveLength(2);
    expect(put.body.hours[1]).toEqual({ id: '7', dayType: 'sunday', openTime: '', closeTime: '', isClosed: true });
    expect(JSON.parse(put.body.special_hours).map((r: { date: string }) => r.date)).toEqual([
      '2026-12-25',
      '2026-12-31',
    ]);

    const read = await readOpeningHours(admin.tenant);
    expect(read.saved).toBe(true);
    expect(read.hours[0]).toMatchObject({ dayType: 'weekdays', openTime: '08:30', closeTime: '18:45' });
    const got = await call('GET', '/api/settings/organization/hours', { token: manager.token });
    expect(got.body.hours).toEqual(put.body.hours);

    // special hours sent as a list work too; omitted special hours stay as they were
    const again = await call('PUT', '/api/settings/organization/hours', {
      token: admin.token,
      body: { hours: body.hours },
    });
    expect(JSON.parse(again.body.special_hours)).toHaveLength(2);
    const asList = await call('PUT', '/api/settings/organization/hours', {
      token: admin.token,
      body: { hours: body.hours, specialHours: [] },
    });
    expect(asList.body.special_hours).toBe('[]');
  });

  const row = { dayType: 'everyday', openTime: '09:00', closeTime: '17:00', isClosed: false };
  it.each([
    [{ hours: [] }, 'At least one opening hours row is required'],
    [{ hours: [{ ...row, openTime: '09:10' }] }, 'Times must be on a 15-minute step (HH:MM)'],
    [{ hours: [{ ...row, openTime: '17:00', closeTime: '09:00' }] }, 'Closing time must be after opening time'],
    [{ hours: [{ ...row, closeTime: '' }] }, 'Opening and closing times are required unless the day is closed'],
    [{ hours: [{ ...row, isClosed: true }] }, 'A closed day has no opening or closing time'],
    [{ hours: [{ ...row, dayType: 'funday' }] }, 'Choose Every day, Weekdays, Weekends or a day of the week'],
    [
      { hours: [row], specialHours: [{ openTime: '09:00', closeTime: '10:00', isClosed: false }] },
      'Special hours need a date (YYYY-MM-DD)',
    ],
    [
      {
        hours: [row],
        specialHours: [
          { date: '2026-02-01', isClosed: true },
          { date: '2026-02-01', isClosed: true },
        ],
      },
      'Only one special hours row per date',
    ],
    [{ hours: [row], specialHours: '{not json' }, 'Special hours must be a list of dated rows'],
  ])('refuses %j with its message', async (body, msg) => {
    const res = await call('PUT', '/api/settings/organization/hours', { token: admin.token, body });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { msg: string }) => d.msg)).toContain(msg);
  });
});

describe('tax', () => {
  it('reads disabled at 0 before anything is saved; saves 8.25 enabled; tax_rate follows', async () => {
    const fresh = await sessionFor();
    expect((await call('GET', '/api/settings/financial/tax', { token: fresh.token })).body).toEqual({
      success: true,
      data: { rate: 0, enabled: false },
    });
    expect((await call('GET', '/api/settings/tax_rate', { token: fresh.token })).body).toBe(0);

    const put = await call('PUT', '/api/settings/financial/tax', {
      token: fresh.token,
      body: { enabled: true, rate: '8.25' },
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({
      success: true,
      data: { rate: 8.25, enabled: true },
      message: 'Tax settings saved successfully (enabled)',
    });
    expect(await readTaxSettings(fresh.tenant)).toEqual({ rate: 8.25, enabled: true });
    expect((await call('GET', '/api/settings/tax_rate', { token: fresh.token })).body).toBe(8.25);

    const off = await call('PUT', '/api/settings/financial/tax', {
      token: fresh.token,
      body: { enabled: false, rate: 8.25 },
    });
    expect(off.body.message).toBe('Tax settings saved successfully (disabled)');
    expect((await call('GET', '/api/settings/tax_rate', { token: fresh.token })).body).toBe(0);
    const bare = await call('PUT', '/api/settings/financial/tax', {
      token: fresh.token,
      body: { enabled: false, rate: '' },
    });
    expect(bare.body.data).toEqual({ rate: 0, enabled: false });
    expect(
      (await call('PUT', '/api/settings/financial/tax', { token: fresh.token, body: { enabled: true, rate: 99.99 } }))
        .body.data.rate,
    ).toBe(99.99);
    expect(
      (await call('PUT', '/api/settings/financial/tax', { token: fresh.token, body: { enabled: true, rate: 0 } }))
        .status,
    ).toBe(200);
  });

  it.each([
    [{ enabled: true }, 'Please enter a tax rate when tax is enabled'],
    [{ enabled: true, rate: '' }, 'Please enter a tax rate when tax is enabled'],
    [{ enabled: true, rate: 100 }, 'Tax rate must be between 0.00 and 99.99'],
    [{ enabled: true, rate: '-1' }, 'Tax rate must be between 0.00 and 99.99'],
    [{ enabled: true, rate: '8.8755' }, 'Up to 3 decimals, e.g. 8.875'],
    [{ enabled: true, rate: 8.8755 }, 'Up to 3 decimals, e.g. 8.875'],
    [{ enabled: true, rate: '99.991' }, 'Tax rate must be between 0.00 and 99.99'],
    [{ enabled: true, rate: 'abc' }, 'Tax rate must be between 0.00 and 99.99'],
    [{ enabled: false, rate: 150 }, 'Tax rate must be between 0.00 and 99.99'],
  ])('refuses %j with its message', async (body, msg) => {
    const res = await call('PUT', '/api/settings/financial/tax', { token: admin.token, body });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d: { msg: string }) => d.msg)).toContain(msg);
  });

  // R-SET-4: rates to 3 decimals (docs/decisions/0255-tax-rate-three-decimals.md).
  it('saves 8.875 exactly, in thousandths of a percent, and tax_rate answers 8.875', async () => {
    const fresh = await sessionFor();
    const put = await call('PUT', '/api/settings/financial/tax', {
      token: fresh.token,
      body: { enabled: true, rate: '8.875' },
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toEqual({ rate: 8.875, enabled: true });
    const row = await db().send(new GetCommand({ TableName: tableName(), Key: keys.settings(fresh.tenant, 'TAX') }));
    expect(row.Item?.rateThousandths).toBe(8875);
    expect((await call('GET', '/api/settings/tax_rate', { token: fresh.token })).body).toBe(8.875);
    expect((await call('GET', '/api/settings/financial/tax', { token: fresh.token })).body.data).toEqual({
      rate: 8.875,
      enabled: true,
    });
  });

  it('reads a row saved before 3 decimals (hundredths of a percent) the same as before', async () => {
    const fresh = await sessionFor();
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.settings(fresh.tenant, 'TAX'), type: 'TAX_SETTINGS', rateBasisPoints: 825, enabled: true },
      }),
    );
    expect(await readTaxSettings(fresh.tenant)).toEqual({ rate: 8.25, enabled: true });
    expect((await call('GET', '/api/settings/tax_rate', { token: fresh.token })).body).toBe(8.25);
  });

  it('is for administrators only; the rate number is for everyone signed in', async () => {
    expect((await call('GET', '/api/settings/financial/tax', { token: manager.token })).status).toBe(403);
    expect(
      (await call('PUT', '/api/settings/financial/tax', { token: manager.token, body: { enabled: true, rate: 5 } }))
        .status,
    ).toBe(403);
    expect((await call('GET', '/api/settings/tax_rate', { token: employee.token })).status).toBe(200);
  });
});

describe('permissions', () => {
  it('reads the role defaults of R-AUTH-4 before a save; a save and its log entry land together', async () => {
    const fresh = await sessionFor();
    const before = await call('GET', '/api/settings/permissions', { token: fresh.token });
    expect(before.body).toEqual({ success: true, policy: completePolicy(null), updatedAt: null });
    // docs/decisions/0225-layout-at-375-and-1366.md: employees do not manage inventory unless an administrator grants
    // it.
    expect(before.body.policy.EMPLOYEE.inventoryItems).toMatchObject({ view: true, create: false });
    expect(before.body.policy.MANAGER.inventoryItems).toMatchObject({ view: true, create: true });
    expect((await call('GET', '/api/settings/permissions/logs', { token: fresh.token })).body).toEqual({
      success: true,
      logs: [],
    });

    const policy = completePolicy(null);
    policy.EMPLOYEE.reservations.create = false;
    policy.MANAGER.reports.export = false;
    const put = await call('PUT', '/api/settings/permissions', {
      token: fresh.token,
      body: { policy, changeNote: 'Updated role permissions' },
    });
    expect(put.status).toBe(200);
    expect(put.body.message).toBe('Permissions updated');
    expect(put.body.policy.EMPLOYEE.reservations.create).toBe(false);
    expect(put.body.log.changes).toEqual([
      { role: 'EMPLOYEE', permission: 'reservations.create', granted: false },
      { role: 'MANAGER', permission: 'reports.export', granted: false },
    ]);

    const logs = await call('GET', '/api/settings/permissions/logs', { token: fresh.token });
    expect(logs.body.logs).toHaveLength(1);
    expect(logs.body.logs[0]).toMatchObject({ actorId: fresh.userId, changeNote: 'Updated role permissions' });
    expect(logs.body.logs[0].actorName).toEqual(expect.any(String));
    const stored = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': `T#${fresh.tenant}`, ':p': 'PERMLOG#' },
      }),
    );
    expect(stored.Items).toHaveLength(1);

    // a save that flips nothing logs nothing; a partial policy means the rest is granted again
    await call('PUT', '/api/settings/permissions', { token: fresh.token, body: { policy } });
    expect((await call('GET', '/api/settings/permissions/logs', { token: fresh.token })).body.logs).toHaveLength(1);
    const partial = await call('PUT', '/api/settings/permissions', {
      token: fresh.token,
      body: { policy: { EMPLOYEE: { reservations: { create: false } } } },
    });
    expect(partial.body.log.changes).toEqual([{ role: 'MANAGER', permission: 'reports.export', granted: true }]);
    const newest = (await call('GET', '/api/settings/permissions/logs?limit=1', { token: fresh.token })).body.logs;
    expect(newest).toHaveLength(1);
    expect(newest[0].changes[0].permission).toBe('reports.export');
  });

  it('names the actor from their user row and uses the fixed note when none is sent', async () => {
    const put = await call('PUT', '/api/settings/permissions', {
      token: admin.token,
      body: { policy: { MANAGER: { timesheets: { approve: false } } } },
    });
    expect(put.body.log).toMatchObject({ actorName: 'Ada Admin', changeNote: 'Updated role permissions' });
    await call('PUT', '/api/settings/permissions', { token: admin.token, body: { policy: {} } });
  });

  it.each([
    [{ policy: { ADMIN: {} } }],
    [{ policy: { EMPLOYEE: { reservations: { fly: true } } } }],
    [{ policy: { EMPLOYEE: { reservations: { create: 'no' } } } }],
    [{ policy: { EMPLOYEE: { nothing: {} } } }],
    [{}],
  ])('refuses a malformed policy %j (400)', async (body) => {
    expect((await call('PUT', '/api/settings/permissions', { token: admin.token, body })).status).toBe(400);
  });

  it('only administrators save; managers read unless the matrix takes manageRoles away; employees never', async () => {
    expect(
      (await call('PUT', '/api/settings/permissions', { token: manager.token, body: { policy: {} } })).status,
    ).toBe(403);
    expect((await call('GET', '/api/settings/permissions', { token: manager.token })).status).toBe(200);
    expect((await call('GET', '/api/settings/permissions/logs', { token: manager.token })).status).toBe(200);
    expect((await call('GET', '/api/settings/permissions', { token: employee.token })).status).toBe(403);
  });

  it('mine: administrators have everything; employees what their row grants', async () => {
    const t = await sessionFor();
    const emp = await sessionFor({ tenant: t.tenant, role: 'EMPLOYEE' });
    await call('PUT', '/api/settings/permissions', {
      token: t.token,
      body: { policy: { EMPLOYEE: { reservations: { create: false } } } },
    });
    const a = await call('GET', '/api/settings/permissions/mine', { token: t.token });
    expect(a.body).toMatchObject({ role: 'BUSINESS_ADMIN', policyRole: null });
    expect(Object.values(a.body.permissions).every(Boolean)).toBe(true);
    const e = await call('GET', '/api/settings/permissions/mine', { token: emp.token });
    expect(e.body.policyRole).toBe('EMPLOYEE');
    expect(e.body.permissions['reservations.create']).toBe(false);
    expect(e.body.permissions['reservations.view']).toBe(true);
    expect(Object.keys(e.body.permissions)).toHaveLength(42);
  });

  it('two saves racing: both land, each logged against the policy it replaced', async () => {
    const t = await sessionFor();
    const [x, y] = await Promise.all([
      call('PUT', '/api/settings/permissions', {
        token: t.token,
        body: { policy: { EMPLOYEE: { customers: { view: false } } } },
      }),
      call('PUT', '/api/settings/permissions', {
        token: t.token,
        body: { policy: { EMPLOYEE: { services: { view: false } } } },
      }),
    ]);
    expect([x.status, y.status]).toEqual([200, 200]);
    const logs = (await call('GET', '/api/settings/permissions/logs', { token: t.token })).body.logs;
    expect(logs).toHaveLength(2);
    const row = await db().send(new GetCommand({ TableName: tableName(), Key: keys.permissionPolicy(t.tenant) }));
    expect(row.Item?.version).toBe(2);
    // the later entry undoes the earlier one's flip and makes its own
    expect(logs[0].changes).toHaveLength(2);
  });
});

describe('contact details where a customer needs them', () => {
  it("the public service page carries the business's name, address and phone", async () => {
    const owner = await sessionFor();
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.organization(owner.tenant),
        UpdateExpression: 'SET #n = :n',
        ExpressionAttributeNames: { '#n': 'name' },
        ExpressionAttributeValues: { ':n': 'Org Name Inc' },
      }),
    );
    const day = new Date(Date.now() + 3 * 86400_000).toISOString().slice(0, 10);
    const created = await call('POST', '/api/inventory/services', {
      token: owner.token,
      body: {
        name: 'Kayak tour',
        rate: '25',
        rateType: 'FIXED',
        availability: JSON.stringify([{ date: day, startTime: '10:00', endTime: '12:00', slotsAvailable: 5 }]),
      },
    });
    expect(created.status, created.raw).toBe(201);
    const share = await call('POST', `/api/inventory/services/${created.body.id}/generate-share-link`, {
      token: owner.token,
    });
    const page = () => call('GET', `/public/service/${share.body.shareToken}`);

    // nothing saved yet: the organization's name, no address or phone
    expect((await page()).body.data.business).toEqual({ name: 'Org Name Inc', address: null, phone: null });
    await call('PUT', '/api/settings/organization/contact', { token: owner.token, body: contact });
    expect((await page()).body.data.business).toEqual({
      name: 'Lakeside Carts',
      address: '1 Shore Rd, Lakeside 12345',
      phone: '(555) 123-4567',
    });
  });
});
