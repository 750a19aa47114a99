import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { signupCompleteBody } from '../../shared/contract/routes/auth.js';
import { db, tableName } from './db.js';
import { keys, trustedTenant } from './keys.js';
import { forgetOrganizationTimeZones, organizationTimeZone } from './organization.js';
import { useTestTable } from '../testing/harness.js';

beforeAll(async () => {
  await useTestTable();
});

describe('organization time zone', () => {
  it('reads the zone recorded at sign-up, defaults to America/New_York, and caches per warm function', async () => {
    const a = trustedTenant('tzorga');
    const b = trustedTenant('tzorgb');
    const c = trustedTenant('tzorgc');
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.organization(a), id: 'tzorga', timeZone: 'Pacific/Auckland' },
      }),
    );
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.organization(c), id: 'tzorgc', timeZone: 'Mars/Olympus' },
      }),
    );
    expect(await organizationTimeZone(a)).toBe('Pacific/Auckland');
    expect(await organizationTimeZone(b)).toBe('America/New_York');
    expect(await organizationTimeZone(c)).toBe('America/New_York');
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.organization(a), id: 'tzorga', timeZone: 'Europe/Paris' },
      }),
    );
    expect(await organizationTimeZone(a)).toBe('Pacific/Auckland');
    expect(await organizationTimeZone(a, Date.now() + 61_000)).toBe('Europe/Paris');
    forgetOrganizationTimeZones();
  });

  it('sign-up takes a known zone and refuses an unknown one', () => {
    const body = {
      token: 't',
      organizationName: 'Kayaks',
      phone: '555 010 0199',
      password: 'long-enough',
      confirmPassword: 'long-enough',
    };
    expect(signupCompleteBody.safeParse({ ...body, timeZone: 'Pacific/Auckland' }).success).toBe(true);
    expect(signupCompleteBody.safeParse(body).success).toBe(true);
    const bad = signupCompleteBody.safeParse({ ...body, timeZone: 'Mars/Olympus' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Unknown time zone');
  });
});
