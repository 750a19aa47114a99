import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test-utils.js';
import { ErrorBoundary, MAX_RETRIES_MESSAGE } from './ErrorBoundary.js';
import { Pagination } from './Pagination.js';

function Boom(): never {
  throw new Error('Kaboom');
}

describe('ErrorBoundary', () => {
  it('offers Try Again three times, then the fixed message', () => {
    const quiet = console.error;
    console.error = () => {};
    try {
      renderWithProviders(
        <ErrorBoundary>
          <Boom />
        </ErrorBoundary>,
      );
      for (let i = 0; i < 3; i++) {
        expect(screen.getByText('Kaboom')).toBeTruthy();
        fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
      }
      expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
      expect(screen.getByText(MAX_RETRIES_MESSAGE)).toBeTruthy();
    } finally {
      console.error = quiet;
    }
  });
});

function Paged({ total }: { total: number }) {
  const [page, setPage] = useState(1);
  return <Pagination page={page} totalPages={total} onChange={setPage} />;
}

describe('Pagination', () => {
  it('is hidden for a single page', () => {
    renderWithProviders(<Paged total={1} />);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });
  it('moves between pages', () => {
    renderWithProviders(<Paged total={12} />);
    fireEvent.click(screen.getByRole('button', { name: 'Page 12' }));
    expect(screen.getByRole('button', { name: 'Page 12' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Page 10' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Page 9' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
