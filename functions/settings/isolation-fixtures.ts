import { randomUUID } from 'node:crypto';
import type { RouteId } from '../../shared/contract/index.js';
import type { TestSession } from '../testing/fixtures.js';
import { call } from '../testing/harness.js';
import type { IsolationFixture } from '../testing/isolation-case.js';
import { writeContact } from './contact.js';
import { writeOpeningHours } from './hours.js';
import { savePolicy } from './permissions.js';
import { writeTaxSettings } from './tax.js';
import { writeReminderSettings } from './reminders.js';
import { writeGeneral, writeStorefront } from './storefront.js';
import { apiKeyIsolationFixtures } from './api-key-isolation-fixtures.js';
import { webhookIsolationFixtures } from './webhook-isolation-fixtures.js';

/**
 * Settings rows are one per tenant: each case writes a recognisable value into A's row; B's call
 * must show none of it (B reads its own, empty row) and B's writes land in B's row only.
 */
const store = () => `Store ${randomUUID()}`;
/** A tax rate unlikely to be anyone's default, as text that cannot occur by accident in B's answer. */
const oddRate = () => Math.round(10 + Math.random() * 80) + 0.37;

const contactOf = (storeName: string) => ({
  storeName,
  streetAddress: `${randomUUID()} Street`,
  city: 'Isolation',
  zipCode: '99999',
  emailAddress: 'a@iso.test',
  phoneNumber: '555 010 0000',
});

/** Reminder defaults no tenant has by accident: B's answer must not show A's offsets. */
const oddReminders = {
  enabled: false,
  serviceBeforeMinutes: [9973],
  itemBeforeMinutes: [9967],
  lateReturnEnabled: false,
  cancelCutoffHours: 137,
};

export const settingsIsolationFixtures: Partial<Record<RouteId, IsolationFixture>> = {
  'settings.getReminders': async (owner) => {
    await writeReminderSettings(owner.tenant, oddReminders, owner.userId);
    return { secrets: ['9973', '9967'] };
  },
  'settings.updateReminders': async (owner) => {
    await writeReminderSettings(owner.tenant, oddReminders, owner.userId);
    return {
      body: {
        enabled: true,
        serviceBeforeMinutes: [60],
        itemBeforeMinutes: [60],
        lateReturnEnabled: true,
        cancelCutoffHours: 2,
      },
      secrets: ['9973', '9967'],
    };
  },
  'settings.getContact': async (owner) => {
    const c = contactOf(store());
    await writeContact(owner.tenant, c, owner.userId);
    return { secrets: [c.storeName, c.streetAddress] };
  },
  'settings.updateContact': async (owner) => {
    const c = contactOf(store());
    await writeContact(owner.tenant, c, owner.userId);
    // B's write answers with B's row: it must not echo A's street address
    return { body: { storeName: 'Mine' }, secrets: [c.streetAddress] };
  },
  'settings.getHours': async (owner) => {
    const id = randomUUID();
    await writeOpeningHours(
      owner.tenant,
      {
        hours: [{ id, dayType: 'monday', openTime: '06:15', closeTime: '07:45', isClosed: false }],
        specialHours: [{ id: `${id}-s`, date: '2031-03-04', isClosed: true }],
      },
      owner.userId,
    );
    return { secrets: [id, '2031-03-04'] };
  },
  'settings.updateHours': async (owner) => {
    const id = randomUUID();
    await writeOpeningHours(
      owner.tenant,
      {
        hours: [{ id, dayType: 'monday', openTime: '06:15', closeTime: '07:45', isClosed: false }],
        specialHours: [{ id: `${id}-s`, date: '2031-03-05', isClosed: true }],
      },
      owner.userId,
    );
    return {
      body: { hours: [{ dayType: 'everyday', openTime: '09:00', closeTime: '17:00', isClosed: false }] },
      secrets: ['2031-03-05'],
    };
  },
  'settings.getTax': async (owner) => {
    const rate = oddRate();
    await writeTaxSettings(owner.tenant, { rate, enabled: true }, owner.userId);
    return { secrets: [String(rate)] };
  },
  'settings.updateTax': async (owner) => {
    await writeTaxSettings(owner.tenant, { rate: oddRate(), enabled: true }, owner.userId);
    return { body: { enabled: false, rate: '' }, secrets: [] };
  },
  'settings.taxRate': async (owner) => {
    const rate = oddRate();
    await writeTaxSettings(owner.tenant, { rate, enabled: true }, owner.userId);
    return { secrets: [String(rate)] };
  },
  // General, Terms, Branding, Payments (R-SET-14..R-SET-17): A's zone and storefront row never reach B.
  'settings.getGeneral': async (owner) => {
    await writeGeneral(owner.tenant, 'Pacific/Chatham', owner.userId);
    return { secrets: ['Pacific/Chatham'] };
  },
  'settings.updateGeneral': async (owner) => {
    await writeGeneral(owner.tenant, 'Pacific/Chatham', owner.userId);
    return { body: { timeZone: 'Asia/Kathmandu' }, secrets: ['Pacific/Chatham'] };
  },
  'settings.getTerms': async (owner) => {
    const terms = `Terms ${randomUUID()}`;
    await writeStorefront(owner.tenant, { rentalTerms: terms, cancellationPolicy: '' }, owner.userId);
    return { secrets: [terms] };
  },
  'settings.updateTerms': async (owner) => {
    const terms = `Terms ${randomUUID()}`;
    await writeStorefront(owner.tenant, { rentalTerms: '', cancellationPolicy: terms }, owner.userId);
    return { body: { rentalTerms: 'Mine' }, secrets: [terms] };
  },
  'settings.getBranding': async (owner) => {
    await writeStorefront(owner.tenant, { accentColor: '#A1B2C3' }, owner.userId);
    return { secrets: ['#A1B2C3'] };
  },
  'settings.updateBranding': async (owner) => {
    await writeStorefront(owner.tenant, { accentColor: '#A1B2C4' }, owner.userId);
    return { body: { accentColor: '#123456' }, secrets: ['#A1B2C4'] };
  },
  'settings.getPayments': async (owner) => {
    const text = `Pay ${randomUUID()}`;
    await writeStorefront(owner.tenant, { paymentMethods: ['invoice'], paymentInstructions: text }, owner.userId);
    return { secrets: [text, 'invoice'] };
  },
  'settings.updatePayments': async (owner) => {
    const text = `Pay ${randomUUID()}`;
    await writeStorefront(owner.tenant, { paymentMethods: ['invoice'], paymentInstructions: text }, owner.userId);
    return { body: { paymentMethods: ['cash'] }, secrets: [text, 'invoice'] };
  },
  'settings.getPermissions': async (owner) => {
    // A's policy denies something; B (no policy) reads everything granted.
    await savePolicy(
      owner.tenant,
      { EMPLOYEE: { communications: { editTemplates: false } } },
      { userId: owner.userId, username: 'a' },
      'Updated role permissions',
    );
    return { secrets: ['"editTemplates":false'] };
  },
  'settings.updatePermissions': async (owner) => {
    await savePolicy(
      owner.tenant,
      { EMPLOYEE: { communications: { sendEmails: false } } },
      { userId: owner.userId, username: 'a' },
      'Updated role permissions',
    );
    return {
      body: { policy: { MANAGER: { reports: { export: false } } } },
      secrets: ['"sendEmails":false', owner.userId],
    };
  },
  'settings.permissionLogs': async (owner) => {
    const note = `note-${randomUUID()}`;
    await savePolicy(
      owner.tenant,
      { EMPLOYEE: { dashboard: { viewActivity: false } } },
      { userId: owner.userId, username: 'a' },
      note,
    );
    await savePolicy(owner.tenant, {}, { userId: owner.userId, username: 'a' }, note);
    return { secrets: [note, owner.userId] };
  },
  'settings.myPermissions': async () => ({ secrets: [] }),
  // Calendar feeds (R-SET-8): A's feeds are neither listed to B nor revocable by B; B cannot aim a feed at A's service.
  'settings.listCalendarFeeds': async (owner) => {
    const feed = await calendarFeedOf(owner);
    return { secrets: [feed.id, feed.name] };
  },
  'settings.createCalendarFeed': async (owner) => {
    const service = await serviceOf(owner);
    return { body: { name: 'Iso tours', scope: 'service', serviceId: service.id }, secrets: [service.name] };
  },
  'settings.deleteCalendarFeed': async (owner) => {
    const feed = await calendarFeedOf(owner);
    return { params: { id: feed.id }, secrets: [feed.name] };
  },
  ...apiKeyIsolationFixtures,
  ...webhookIsolationFixtures,
};

async function calendarFeedOf(owner: TestSession) {
  const name = `Feed ${randomUUID()}`;
  const res = await call('POST', '/api/settings/calendar-feeds', { token: owner.token, body: { name, scope: 'all' } });
  if (res.status >= 300) throw new Error(`fixture call failed: ${res.status} ${res.raw}`);
  return { id: res.body.id as string, name };
}

async function serviceOf(owner: TestSession) {
  const name = `IsoService ${randomUUID()}`;
  const res = await call('POST', '/api/inventory/services', {
    token: owner.token,
    body: { name, rate: 10, rateType: 'FIXED', availability: '[]' },
  });
  if (res.status >= 300) throw new Error(`fixture call failed: ${res.status} ${res.raw}`);
  return { id: res.body.id as string, name };
}
