import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test-utils.js';
import { EmptyState } from './EmptyState.js';

// docs/decisions/0020-accessibility-checked-by-axe.md: a page's empty state sits under its h1, so its title is an h2 (axe heading-order).
describe('EmptyState', () => {
  it('titles itself with an h2 by default', () => {
    renderWithProviders(<EmptyState title="No items found" />);
    expect(screen.getByRole('heading', { name: 'No items found' }).tagName).toBe('H2');
  });

  it('takes a deeper level inside a titled section', () => {
    renderWithProviders(<EmptyState title="No documents" headingLevel={3} />);
    expect(screen.getByRole('heading', { name: 'No documents' }).tagName).toBe('H3');
  });
});
