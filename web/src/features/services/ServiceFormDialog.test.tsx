import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubPaths } from '../../test-utils.js';
import { AddonsEditor } from './AddonsEditor.js';
import { ServiceFormDialog } from './ServiceFormDialog.js';
import * as z from '../../../../shared/zod.js';
import { staffServiceSchema } from '../../../../shared/contract/responses.js';
import { staffService } from './fixtures.test-helpers.js';
import type { ApiService } from './serviceForm.js';

// The service form on the form house: the contract's messages, its limits on the inputs, the
// unsaved-changes guard, the fresh copy before editing and the body it sends.

const UNSAVED = 'Your changes have not been saved - are you sure you want to leave this page?';

const tour: ApiService = staffService({
  id: 's1',
  name: 'Sunset Tour',
  description: 'On the bay',
  rate: 25,
  rateType: 'PER_PERSON',
  availability: [
    { date: '2030-01-05', startTime: '17:00', endTime: '19:00', slotsAvailable: 6, originalSlotsAvailable: 8 },
  ],
  rsvpSettings: { maxParticipants: 8, enablePublicBookings: true },
  paymentSettings: { venmo: '@bay' },
});
const wire = (s: ApiService) => z.encode(staffServiceSchema, s);

const bodyOf = (calls: ReturnType<typeof stubPaths>, method: string) => {
  const call = calls.find((c) => c.method === method);
  return call ? JSON.parse(String(call.init?.body)) : undefined;
};

afterEach(() => vi.restoreAllMocks());

describe('the service form', () => {
  it('checks with the contract on submit, carries its limits, and creates the service', async () => {
    const calls = stubPaths({
      'GET /api/locations': { body: [] },
      'POST /api/inventory/services': {
        status: 201,
        body: { ...wire({ ...tour, id: 's2', name: 'Kayak Tour' }), message: 'Service created successfully!' },
      },
    });
    const onSaved = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<ServiceFormDialog open service={null} onClose={onClose} onSaved={onSaved} />);
    const form = await screen.findByRole('dialog', { name: 'Add New Service or Event' });
    const name = form.querySelector('input[name=name]') as HTMLInputElement;
    expect(name.maxLength).toBe(200);
    expect((form.querySelector('textarea[name=description]') as HTMLTextAreaElement).maxLength).toBe(5000);

    fireEvent.change(form.querySelector('input[name=rate]')!, { target: { value: '-2' } });
    fireEvent.change(within(form).getByLabelText('Slot 1 date'), { target: { value: '2030-01-05' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create Service' }));
    await within(form).findByText('Name is required');
    within(form).getByText('Rate must be 0 or more');
    within(form).getByText('Each time slot needs a date, a start and an end time');

    fireEvent.change(name, { target: { value: ' Kayak Tour ' } });
    fireEvent.change(form.querySelector('input[name=rate]')!, { target: { value: '25.50' } });
    fireEvent.change(within(form).getByLabelText('Slot 1 start time'), { target: { value: '10:00' } });
    fireEvent.change(within(form).getByLabelText('Slot 1 end time'), { target: { value: '12:00' } });
    await waitFor(() => expect(within(form).queryByText('Name is required')).toBeNull());
    expect(within(form).queryByText('Rate must be 0 or more')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Create Service' }));
    await screen.findByText('Service created successfully!');
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 's2' }));
    const body = bodyOf(calls, 'POST');
    expect(body).toMatchObject({ name: 'Kayak Tour', rate: 25.5, rateType: 'PER_PERSON', showPaymentOptions: false });
    expect(JSON.parse(body.availability)).toEqual([
      { date: '2030-01-05', startTime: '10:00', endTime: '12:00', slotsAvailable: 1, originalSlotsAvailable: 1 },
    ]);
    expect(JSON.parse(body.rsvpSettings)).toEqual({ maxParticipants: 1, enablePublicBookings: true });
  });

  it('edits from a fresh copy, asks before Escape throws away a change, and shows the server message when saving fails', async () => {
    const fresh = { ...tour, description: 'Fresh from the server' };
    const calls = stubPaths({
      'GET /api/locations': { body: [] },
      'GET /api/inventory/services/s1': { body: wire(fresh) },
      'PUT /api/inventory/services/s1': {
        status: 409,
        body: { error: 'Conflict', message: 'A service with this name already exists' },
      },
    });
    const onClose = vi.fn();
    renderWithProviders(<ServiceFormDialog open service={tour} onClose={onClose} onSaved={() => {}} />);
    const form = await screen.findByRole('dialog', { name: 'Edit Service or Event' });
    const description = form.querySelector('textarea[name=description]') as HTMLTextAreaElement;
    await waitFor(() => expect(description.value).toBe('Fresh from the server'));

    // The slot (6 of 8 places left) is edited as its capacity, with the places taken beside it (R-SVC-12).
    expect((within(form).getByLabelText('Slot 1 capacity') as HTMLInputElement).value).toBe('8');
    within(form).getByText('2 booked');
    expect((within(form).getByLabelText(/Max participants per booking/) as HTMLInputElement).value).toBe('8');

    // Untouched: Escape closes without asking.
    fireEvent.keyDown(description, { key: 'Escape' });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(screen.queryByText(UNSAVED)).toBeNull();

    // Changed: Escape asks, Stay keeps the text.
    fireEvent.change(within(form).getByLabelText('Slot 1 capacity'), { target: { value: '10' } });
    fireEvent.keyDown(description, { key: 'Escape' });
    await screen.findByText(UNSAVED);
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByText(UNSAVED)).toBeNull());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect((within(form).getByLabelText('Slot 1 capacity') as HTMLInputElement).value).toBe('10');

    fireEvent.click(within(form).getByRole('button', { name: 'Update Service' }));
    await within(form).findByRole('alert');
    within(form).getByText('A service with this name already exists');
    const body = bodyOf(calls, 'PUT');
    // The new capacity goes as both counts (the server keeps the 2 taken); the rest is the fresh copy.
    expect(JSON.parse(body.availability)).toEqual([
      { date: '2030-01-05', startTime: '17:00', endTime: '19:00', slotsAvailable: 10, originalSlotsAvailable: 10 },
    ]);
    expect(body.description).toBe('Fresh from the server');
    expect(JSON.parse(body.rsvpSettings)).toEqual({ maxParticipants: 8, enablePublicBookings: true });
    expect(JSON.parse(body.paymentSettings)).toMatchObject({ venmo: '@bay' });
  });

  it('edits ticket types: each row a labelled name and price, added and removed, sent in dollars (R-SVC-13)', async () => {
    const ticketed = { ...tour, ticketTypes: [{ id: 't1', name: 'Adult', rate: 25 }] };
    const calls = stubPaths({
      'GET /api/locations': { body: [] },
      'GET /api/inventory/services/s1': { body: wire(ticketed) },
      'PUT /api/inventory/services/s1': { status: 409, body: { error: 'Conflict', message: 'stop' } },
    });
    renderWithProviders(<ServiceFormDialog open service={ticketed} onClose={() => {}} onSaved={() => {}} />);
    const form = await screen.findByRole('dialog', { name: 'Edit Service or Event' });
    expect((within(form).getByLabelText('Ticket type 1 name') as HTMLInputElement).value).toBe('Adult');
    fireEvent.click(within(form).getByRole('button', { name: 'Add ticket type' }));
    fireEvent.change(within(form).getByLabelText('Ticket type 2 name'), { target: { value: ' Child ' } });
    fireEvent.change(within(form).getByLabelText('Ticket type 2 price'), { target: { value: '12.50' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add ticket type' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Remove ticket type 3' }));
    expect(within(form).queryByLabelText('Ticket type 3 name')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Update Service' }));
    await within(form).findByText('stop');
    expect(JSON.parse(bodyOf(calls, 'PUT').ticketTypes)).toEqual([
      { id: 't1', name: 'Adult', rate: 25 },
      { name: 'Child', rate: 12.5 },
    ]);
  });

  it('gives every input of the form an accessible name (R-SVC-12)', async () => {
    stubPaths({ 'GET /api/locations': { body: [] }, 'GET /api/inventory/services/s1': { body: wire(tour) } });
    renderWithProviders(<ServiceFormDialog open service={tour} onClose={() => {}} onSaved={() => {}} />);
    const form = await screen.findByRole('dialog', { name: 'Edit Service or Event' });
    await within(form).findByLabelText('Slot 1 capacity');
    for (const role of ['textbox', 'spinbutton', 'combobox', 'checkbox', 'switch'] as const) {
      const all = within(form).queryAllByRole(role);
      expect(within(form).queryAllByRole(role, { name: /\S/ }), role).toHaveLength(all.length);
    }
    // Date and time inputs have no role in the DOM; each carries its own name.
    for (const input of form.querySelectorAll<HTMLInputElement>('input[type=date], input[type=time]'))
      expect(input.getAttribute('aria-label') || input.labels?.[0]?.textContent, input.name).toBeTruthy();
  });

  it("names rate types in the spec's words, never the enum (docs/decisions/0024-words-and-states.md)", async () => {
    const tiered = {
      ...tour,
      enableTieredPricing: true,
      pricingTiers: [{ name: 'Summer', rate: 30, rateType: 'PER_ITEM' }],
    };
    stubPaths({ 'GET /api/locations': { body: [] }, 'GET /api/inventory/services/s1': { body: wire(tiered) } });
    renderWithProviders(<ServiceFormDialog open service={tiered} onClose={() => {}} onSaved={() => {}} />);
    const form = await screen.findByRole('dialog', { name: 'Edit Service or Event' });
    await within(form).findByLabelText('Tier 1 rate type');
    const options = (label: string) =>
      [...(within(form).getByLabelText(label) as HTMLSelectElement).options].map((o) => o.textContent);
    expect(options('Tier 1 rate type')).toEqual(['Per hour', 'Fixed price', 'Per person', 'Per item']);
    const rateType = form.querySelector('select[name=rateType]') as HTMLSelectElement;
    expect([...rateType.options].map((o) => o.textContent)).toEqual(['Per person', 'Per hour', 'Fixed price']);

    renderWithProviders(
      <AddonsEditor addons={[{ name: 'Lunch', rate: '12', rateType: 'PER_PERSON' }]} onChange={() => {}} />,
    );
    const addon = screen.getByLabelText('Add-on 1 rate type') as HTMLSelectElement;
    expect([...addon.options].map((o) => o.textContent)).toEqual(['Fixed price', 'Per person', 'Per item']);
  });

  it("shows the server's error text when an answer carries `error` and no message (docs/decisions/0024-words-and-states.md)", async () => {
    stubPaths({
      'GET /api/locations': { body: [] },
      'POST /api/inventory/services': { status: 400, body: { error: 'Service limit reached for this plan' } },
    });
    renderWithProviders(<ServiceFormDialog open service={null} onClose={() => {}} onSaved={() => {}} />);
    const form = await screen.findByRole('dialog', { name: 'Add New Service or Event' });
    fireEvent.change(form.querySelector('input[name=name]')!, { target: { value: 'Kayak Tour' } });
    fireEvent.change(form.querySelector('input[name=rate]')!, { target: { value: '25' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create Service' }));
    await within(form).findByText('Service limit reached for this plan');
    expect(within(form).queryByText('Failed to create service')).toBeNull();
  });
});
