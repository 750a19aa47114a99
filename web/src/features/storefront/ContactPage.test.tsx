import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubPaths } from '../../test-utils.js';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('Contact information (docs/decisions/0024-words-and-states.md, R-SET-4)', () => {
  it('shows a 10-digit phone as (xxx) xxx-xxxx', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem(
      'user',
      JSON.stringify({
        id: 'u1',
        role: 'BUSINESS_ADMIN',
        firstName: 'Ada',
        lastName: 'Lovelace',
        organizationId: 'o1',
        organization: { name: 'Acme Rentals', subdomain: 'acme' },
      }),
    );
    stubPaths({
      'GET /api/settings/organization/contact': {
        body: {
          success: true,
          data: {
            storeName: 'Acme Rentals',
            streetAddress: '1 Harbour Way',
            city: 'Boston',
            zipCode: '02110',
            emailAddress: 'hi@acme.test',
            phoneNumber: '6175550100',
          },
        },
      },
    });
    renderApp('/acme/storefront/contact');
    const phone = await screen.findByTestId('contact-phoneNumber', {}, { timeout: 10_000 });
    await within(phone).findByText('(617) 555-0100');
    expect(within(phone).queryByText('6175550100')).toBeNull();
  });
});
