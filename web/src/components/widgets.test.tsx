import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test-utils.js';
import { SessionProvider } from '../app/SessionProvider.js';
import { ErrorBoundary, HUMAN_ERROR_MESSAGE, MAX_RETRIES_MESSAGE } from './ErrorBoundary.js';
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
        screen.getByText('Kaboom');
        fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
      }
      expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
      screen.getByText(MAX_RETRIES_MESSAGE);
    } finally {
      console.error = quiet;
    }
  });
});

function ReactBoom(): never {
  throw new Error('Minified React error #31; visit https://react.dev/errors/31?args[]=object%20with%20keys%20%7Bx%7D');
}

describe('ErrorBoundary ways out (docs/decisions/0024-words-and-states.md)', () => {
  it('says what happened in words, folds the technical text away, and offers home and sign out', async () => {
    const quiet = console.error;
    console.error = () => {};
    localStorage.setItem('token', 'stored');
    localStorage.setItem('user', JSON.stringify({ role: 'BUSINESS_ADMIN', firstName: 'Ada' }));
    try {
      renderWithProviders(
        <SessionProvider>
          <ErrorBoundary>
            <ReactBoom />
          </ErrorBoundary>
        </SessionProvider>,
      );
      screen.getByText(HUMAN_ERROR_MESSAGE);
      const technical = screen.getByText(/Minified React error #31/);
      const details = technical.closest('details');
      expect(details).not.toBeNull();
      expect(details!.open).toBe(false);
      expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
      fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
      expect(localStorage.getItem('token')).toBeNull();
    } finally {
      console.error = quiet;
      localStorage.clear();
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
    screen.getByRole('button', { name: 'Page 10' });
    expect(screen.queryByRole('button', { name: 'Page 9' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
