import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNSAVED_CHANGES_MESSAGE } from '../../components/UnsavedChangesGuard.js';
import { renderApp } from '../../test-utils.js';
import { DEFAULT_SCHEDULING_URL } from './demo.js';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('book a demo', () => {
  it("checks the four required fields with the spec's texts, and a field error follows its edit", async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderApp('/book-demo');
    fireEvent.click(await screen.findByRole('button', { name: 'Schedule My Demo' }));
    await screen.findByText('First name is required');
    screen.getByText('Last name is required');
    screen.getByText('Email is required');
    screen.getByText('Company is required');
    fireEvent.change(screen.getByLabelText(/work email/i), { target: { value: 'ada@' } });
    await screen.findByText('Please enter a valid email address');
    fireEvent.change(screen.getByLabelText(/work email/i), { target: { value: 'ada@example.com' } });
    await waitFor(() => expect(screen.queryByText('Please enter a valid email address')).toBeNull());
    expect(open).not.toHaveBeenCalled();
  });

  it('warns before in-app navigation away from an edited form', async () => {
    const { router } = renderApp('/book-demo');
    fireEvent.change(await screen.findByLabelText(/first name/i), { target: { value: 'Ada' } });
    fireEvent.click(screen.getAllByRole('link', { name: /back to home/i })[0]!);
    await screen.findByText(UNSAVED_CHANGES_MESSAGE);
    expect(router.state.location.pathname).toBe('/book-demo');
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByText(UNSAVED_CHANGES_MESSAGE)).toBeNull());
    expect(router.state.location.pathname).toBe('/book-demo');
  });

  it('opens the scheduling page after one second and thanks the visitor', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderApp('/book-demo');
    fireEvent.change(await screen.findByLabelText(/first name/i), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText(/last name/i), { target: { value: 'Lovelace' } });
    fireEvent.change(screen.getByLabelText(/work email/i), { target: { value: 'ada@example.com' } });
    fireEvent.change(document.querySelector('input[name=company]')!, { target: { value: 'Engines Ltd' } });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule My Demo' }));
    // The form checks with its schema first (promises), then waits the 1 second.
    await act(async () => {
      for (let i = 0; i < 20; i++) await Promise.resolve();
    });
    screen.getByText('Scheduling...');
    act(() => vi.advanceTimersByTime(999));
    expect(open).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(open).toHaveBeenCalledWith(DEFAULT_SCHEDULING_URL, '_blank', 'noopener,noreferrer');
    vi.useRealTimers();
    await screen.findByText('Thank you, Ada!');
  });
});
