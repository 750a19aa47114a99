import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test-utils.js';

describe('footer pages (docs/decisions/0024-words-and-states.md)', () => {
  it.each([
    ['/security', 'Security', 'One business, one space'],
    ['/docs', 'Documentation', '1. Open your account'],
    ['/help', 'Help Center', 'I forgot my password'],
    ['/status', 'System Status', 'Health checks'],
    ['/privacy', 'Privacy Policy', 'For customers of a business'],
  ])('%s is a real short page', async (path, title, section) => {
    renderApp(path);
    await screen.findByRole('heading', { level: 1, name: title });
    screen.getByRole('heading', { level: 2, name: section });
    expect(screen.queryByText(/being written/)).toBeNull();
  });
});
