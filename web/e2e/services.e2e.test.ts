import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTenant, launch, snapshot } from './browser.js';
import { formatSlot } from '../src/components/format.js';
import { formatDateTimeIn } from '../../shared/domain/time-text.js';
import { zonedDateTime } from '../../shared/domain/time.js';

/** E2e organizations record no zone: America/New_York; the browser runs in BROWSER_TIME_ZONE (UTC). */
const ORG_ZONE = 'America/New_York';

const baseUrl = inject('e2eBaseUrl');
const port = inject('e2ePort');
const admin = inject('e2eAdmin');

let browser: Browser;
const contexts: BrowserContext[] = [];

async function newPage(permissions: string[] = []): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (permissions.length) await context.grantPermissions(permissions);
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** A date `days` from today in the browser's (and this process's) zone, YYYY-MM-DD. */
function day(days: number): string {
  const d = new Date(Date.now() + days * 86400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
});

describe('services: from the staff form to a customer paying', () => {
  it('a manager creates a service with a photo, two slots and an add-on and shares it; an anonymous customer books two people with the add-on and sees what to pay', async () => {
    const tenant = await createTenant(baseUrl, port, admin, 'Bay Kayaks');
    const staff = await newPage(['clipboard-read', 'clipboard-write']);
    await staff.goto(tenant.loginUrl);
    await staff.waitForURL(`${tenant.origin}/dashboard`);
    await staff.goto(`${tenant.origin}/inventory`);
    await staff.getByRole('tab', { name: /Services/ }).click();
    await staff.getByText('No services found').waitFor();
    await staff.getByRole('button', { name: 'Add Service' }).first().click();

    const form = staff.getByRole('dialog', { name: 'Add New Service or Event' });
    await form.getByRole('button', { name: 'Create Service' }).click();
    await form.getByText('Name is required').waitFor();
    await form.locator('input[name=name]').fill('Sunset Kayak Tour');
    await form.locator('textarea[name=description]').fill('Two hours paddling on the bay at sunset.');
    await form.locator('input[name=rate]').fill('25.50');
    expect(await form.locator('select[name=rateType]').inputValue()).toBe('PER_PERSON');

    // photo: straight to storage with a presigned POST, previewed at once
    const png = await sharp({
      create: { width: 1600, height: 1000, channels: 3, background: { r: 250, g: 120, b: 40 } },
    })
      .png()
      .toBuffer();
    await form.getByLabel('Photo file').setInputFiles({ name: 'sunset.png', mimeType: 'image/png', buffer: png });
    await form.getByTestId('photo-preview').waitFor();
    await form.getByRole('button', { name: 'Change photo' }).waitFor();

    // two slots; the only one cannot be removed
    expect(await form.getByRole('button', { name: 'Remove slot 1' }).isDisabled()).toBe(true);
    await form.getByLabel('Slot 1 date', { exact: true }).fill(day(5));
    await form.getByLabel('Slot 1 start time').fill('17:00');
    await form.getByLabel('Slot 1 end time').fill('19:00');
    await form.getByLabel('Slot 1 capacity').fill('6');
    await form.getByRole('button', { name: 'Add Time Slot' }).click();
    await form.getByLabel('Slot 2 date').fill(day(6));
    await form.getByLabel('Slot 2 start time').fill('17:00');
    await form.getByLabel('Slot 2 end time').fill('19:00');
    await form.getByLabel('Slot 2 capacity').fill('4');

    // an add-on charged per person
    await form.getByText('Add-ons', { exact: true }).click();
    await form.getByRole('button', { name: 'Add Add-on' }).click();
    await form.getByLabel('Add-on 1 name').fill('Picnic dinner');
    await form.getByLabel('Add-on 1 rate', { exact: true }).fill('12');
    await form.getByLabel('Add-on 1 rate type').selectOption('PER_PERSON');

    // the cap per booking on the form itself (R-SVC-12); payment methods in Advanced Settings
    await form.getByLabel('Max participants per booking').fill('8');
    await form.getByRole('button', { name: 'Advanced Settings' }).click();
    const adv = staff.getByRole('dialog', { name: 'Advanced Settings' });
    await adv.getByRole('tab', { name: 'Hosts' }).click();
    await adv.getByRole('tabpanel', { name: 'Hosts' }).getByText('Coming soon...').waitFor();
    await adv.getByRole('tab', { name: 'Payment Options' }).click();
    await adv.getByLabel('Venmo').fill('@baykayaks');
    await adv.getByLabel('Zelle').fill('pay@baykayaks.example');
    await adv.getByRole('button', { name: 'Apply Settings' }).click();
    await adv.waitFor({ state: 'detached' });

    await snapshot(staff, 'e2e-services-form');
    // docs/decisions/0008-one-time-zone.md: the slot times are the organization's, whatever the browser's zone.
    await form.getByTestId('slot-zone').getByText(`Times are in ${ORG_ZONE}`).waitFor();
    await form.getByRole('button', { name: 'Create Service' }).click();
    await staff.getByText('Service created successfully!').waitFor();
    const card = staff.getByTestId('service-card').filter({ hasText: 'Sunset Kayak Tour' });
    await card.getByText('Rate: $25.50/person').waitFor(); // docs/decisions/0012-right-about-money.md: the spec's label, not the raw type
    await card.getByText(formatSlot(day(5), '17:00', '19:00')).waitFor();

    // the share link
    await card.getByRole('button', { name: 'View details of Sunset Kayak Tour' }).click();
    const details = staff.getByRole('dialog', { name: 'Sunset Kayak Tour' });
    await details.getByText('Active', { exact: true }).waitFor();
    await details.getByText('Venmo: @baykayaks').waitFor();
    await details.getByRole('button', { name: 'Generate Invite Link' }).click();
    await staff.getByText('Share link generated successfully!').waitFor();
    const link = (await details.getByTestId('share-link').textContent())!.trim();
    expect(link).toMatch(new RegExp(`^${tenant.origin.replace(/[.]/g, '\\.')}/service/[A-Za-z0-9_-]{43}$`));
    await details.getByRole('button', { name: 'Copy link' }).click();
    await details.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await staff.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await details.getByRole('button', { name: 'Copy link' }).waitFor({ timeout: 4000 });
    await snapshot(staff, 'e2e-services-details');

    // a fresh, anonymous browser
    const customer = await newPage();
    await customer.goto(link);
    await customer.getByRole('heading', { name: 'Sunset Kayak Tour' }).waitFor();
    await customer.getByTestId('public-rate').getByText('per person').waitFor();
    expect(await customer.getByTestId('slot-button').count()).toBe(2);
    // the photo's variants were written by the resize step and load: at 1280 px and 1 device pixel per
    // CSS pixel the page's 48rem-wide photo takes the 800 px variant of its srcset (R-SVC-4)
    await expect
      .poll(
        async () => {
          await customer.reload();
          await customer.getByRole('heading', { name: 'Sunset Kayak Tour' }).waitFor();
          return customer
            .getByRole('img', { name: 'Sunset Kayak Tour' })
            .evaluate(async (img: HTMLImageElement) => {
              if (!img.complete || !img.naturalWidth) return 0;
              // naturalWidth of a srcset image is scaled to its slot: read the chosen file's own width.
              const file = new Image();
              file.src = img.currentSrc;
              await file.decode();
              return file.naturalWidth;
            })
            .catch(() => 0);
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe(800);

    await customer.getByTestId('slot-button').first().click();
    const modal = customer.getByRole('dialog');
    await modal.getByRole('button', { name: 'Book Now' }).click();
    await modal.getByText('First name is required').waitFor();
    await modal.getByText('Email address is required').waitFor();
    await modal.locator('input[name=firstName]').fill('Grace');
    await modal.locator('input[name=lastName]').fill('Hopper');
    await modal.locator('input[name=phone]').fill('(555) 123-9876');
    await modal.locator('input[name=email]').fill('grace@example');
    await modal.getByRole('button', { name: 'Book Now' }).click();
    await modal.getByText('Please enter a valid email address').waitFor();
    await modal.locator('input[name=email]').fill('grace@example.com');
    // clamp: min(8, 6 places, 50)
    expect(await modal.locator('select[name=participantCount] option').count()).toBe(6);
    await modal.locator('select[name=participantCount]').selectOption('2');
    await modal.getByText(/Picnic dinner/).click();
    // 2 × 25.50 + 2 × 12.00
    await modal.getByTestId('booking-total').getByText('$75.00').waitFor();
    await snapshot(customer, 'e2e-services-booking');
    await modal.getByRole('button', { name: 'Book Now' }).click();

    await customer.getByRole('heading', { name: 'Payment Required' }).waitFor();
    await customer.getByText('Pending Payment', { exact: true }).waitFor();
    expect(await customer.getByTestId('total-due').textContent()).toBe('$75.00');
    expect(await customer.getByTestId('reservation-number').textContent()).toMatch(/^RES-\d{6}$/);
    const venmo = await customer.getByTestId('pay-venmo').getAttribute('href');
    expect(venmo).toContain('https://venmo.com/baykayaks?txn=pay&amount=75.00');
    await customer.getByTestId('pay-zelle').getByText('pay@baykayaks.example').waitFor();
    await customer.getByText(/cancelled automatically if payment is not received within 24 hours/).waitFor();
    await snapshot(customer, 'e2e-services-payment');
    // The customer reads 5:00 PM New York, named; the staff screens read the same instant (docs/decisions/0008-one-time-zone.md).
    expect(await customer.getByTestId('paid-slot').textContent()).toBe(formatSlot(day(5), '17:00', '19:00', ORG_ZONE));

    // the staff list shows the two places gone
    await staff.reload();
    await staff.getByRole('tab', { name: /Services/ }).click();
    await staff.getByRole('button', { name: 'View details of Sunset Kayak Tour' }).click();
    await staff
      .getByRole('dialog', { name: 'Sunset Kayak Tour' })
      .getByText(`${formatSlot(day(5), '17:00', '19:00')} · 4 left`)
      .waitFor();

    await staff.goto(`${tenant.origin}/reservations`);
    await staff.getByRole('tab', { name: 'Services' }).click();
    const startText = formatDateTimeIn(zonedDateTime(day(5), '17:00', ORG_ZONE), ORG_ZONE, { zoneName: true });
    expect(startText).toMatch(/5:00 PM E[SD]T$/);
    await staff.getByText(startText).first().waitFor();
  });
});
